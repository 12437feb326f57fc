import { Command } from 'commander';
import { databaseName } from '../config/database-url.js';
import { loadConfig, type ServerConfig } from '../config/load-config.js';
import { applySeed } from '../seed/apply-seed.js';
import { readSeedFile } from '../seed/seed-file.js';
import { registerStateCommands } from './state-commands.js';
import { registerTokenCommands } from './token-commands.js';
import { withDatabase, withExistingDatabase } from './with-database.js';

interface ServeOptions {
  port?: string;
  host?: string;
  database?: string;
  seed?: string;
  devToken?: string;
}

/** The `assistant-server` command line. Configuration comes from the environment; flags override it. */
export function createProgram(env: NodeJS.ProcessEnv, print: (line: string) => void = console.log): Command {
  const program = new Command('assistant-server')
    .description('Reference server of the Assistant Platform API (Fastify, SQLite or PostgreSQL).')
    .option('--database <url>', 'SQLite file, :memory: or postgres:// URL (env DATABASE_URL)')
    .showHelpAfterError();
  const config = (extra: Record<string, string | undefined> = {}): ServerConfig =>
    loadConfig({
      ...env,
      ...(program.opts().database ? { DATABASE_URL: program.opts().database } : {}),
      // Only flags that were given override the environment (an absent flag is undefined).
      ...Object.fromEntries(Object.entries(extra).filter(([, value]) => value !== undefined)),
    });

  program
    .command('serve', { isDefault: true })
    .description('start the server (the default command)')
    .option('--port <port>', 'listen port (env PORT, default 4010)')
    .option('--host <host>', 'listen host (env HOST, default 127.0.0.1)')
    .option('--seed <file>', 'seed file applied at start-up (env ASSISTANT_SEED)')
    .option('--dev-token <token>', 'ensure this token exists with scope * (env ASSISTANT_DEV_TOKEN)')
    .action(async (options: ServeOptions) => {
      // Loaded on demand: the token and migrate commands need neither Fastify nor the engines.
      const { serve } = await import('../server.js');
      await serve(
        config({
          PORT: options.port,
          HOST: options.host,
          ASSISTANT_SEED: options.seed,
          ASSISTANT_DEV_TOKEN: options.devToken,
        }),
        print,
      );
    });

  program
    .command('migrate')
    .description('create the database or apply pending migrations, then exit')
    .action(async () => {
      const { database } = config();
      await withDatabase(() => config())(async () => undefined);
      print(`Database ${databaseName(database)} is up to date.`);
    });

  program
    .command('seed')
    .description('insert the absent rows of a seed file (existing rows are kept), then exit')
    .argument('<file>', 'seed file (JSON)')
    .action(async (file: string) => {
      const seed = readSeedFile(file);
      await withDatabase(() => config())((store) => applySeed(store.repos, seed));
      print(`Applied seed ${file}.`);
    });

  const existing = withExistingDatabase(() => config());
  registerTokenCommands(program, existing, print);
  registerStateCommands(program, { existing, created: withDatabase(() => config()) }, print);
  return program;
}
