import { Command } from 'commander';
import { databaseName } from '../config/database-url.js';
import { loadConfig, type ServerConfig } from '../config/load-config.js';
import { applySeed } from '../seed/apply-seed.js';
import { readSeedFile } from '../seed/seed-file.js';
import { registerParityCommand } from './parity-command.js';
import { registerStateCommands } from './state-commands.js';
import { registerTokenCommands } from './token-commands.js';
import { withDatabase, withExistingDatabase } from './with-database.js';

interface ServeOptions {
  port?: string;
  host?: string;
  database?: string;
  seed?: string;
  devToken?: string;
  replay?: string;
  replayIgnore?: string;
  replaySpeed?: string;
  replayMiss?: string;
}

interface ProxyOptions {
  port?: string;
  host?: string;
  devToken?: string;
  target?: string;
  record?: string;
  redactHeaders?: string;
  redactQuery?: string;
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
    .option(
      '--seed <file>',
      'seed file applied at start-up, or `dev` for the packaged dev seed (env ASSISTANT_SEED)',
    )
    .option(
      '--dev-token <token>',
      'ensure this token exists with scopes * and operator (env ASSISTANT_DEV_TOKEN)',
    )
    .option('--replay <dir>', 'answer platform requests from the cassettes in this folder (env REPLAY_DIR)')
    .option(
      '--replay-ignore <fields>',
      'body fields matching ignores, comma-separated names or JSON Pointers (env REPLAY_IGNORE)',
    )
    .option(
      '--replay-speed <factor>',
      'streams at this times their recorded timing; 0 as fast as possible (env REPLAY_SPEED, default 1)',
    )
    .option(
      '--replay-miss <engine|error>',
      'a request no cassette matches: the engines answer, or 501 (env REPLAY_MISS, default error)',
    )
    .action(async (options: ServeOptions) => {
      // Loaded on demand: the token and migrate commands need neither Fastify nor the engines.
      const { serve } = await import('../server.js');
      await serve(
        config({
          PORT: options.port,
          HOST: options.host,
          ASSISTANT_SEED: options.seed,
          ASSISTANT_DEV_TOKEN: options.devToken,
          REPLAY_DIR: options.replay,
          REPLAY_IGNORE: options.replayIgnore,
          REPLAY_SPEED: options.replaySpeed,
          REPLAY_MISS: options.replayMiss,
        }),
        print,
      );
    });

  program
    .command('proxy')
    .description('forward platform requests to another server, checking each exchange against the contract')
    .option('--target <url>', 'the base URL to forward to, ending in /v1 (env PROXY_TARGET)')
    .option('--record <dir>', 'write a cassette per exchange into this folder (env PROXY_RECORD_DIR)')
    .option(
      '--redact-headers <names>',
      'headers recorded as [redacted] beside authorization and cookies (env RECORD_REDACT_HEADERS)',
    )
    .option(
      '--redact-query <names>',
      'query parameters recorded as [redacted] beside token, access_token, api_key… (env RECORD_REDACT_QUERY)',
    )
    .option('--port <port>', 'listen port (env PORT, default 4010)')
    .option('--host <host>', 'listen host (env HOST, default 127.0.0.1)')
    .option(
      '--dev-token <token>',
      'a token with scopes * and operator for the admin API and the console (env ASSISTANT_DEV_TOKEN)',
    )
    .action(async (options: ProxyOptions) => {
      const proxyConfig = config({
        PORT: options.port,
        HOST: options.host,
        ASSISTANT_DEV_TOKEN: options.devToken,
        PROXY_TARGET: options.target,
        PROXY_RECORD_DIR: options.record,
        RECORD_REDACT_HEADERS: options.redactHeaders,
        RECORD_REDACT_QUERY: options.redactQuery,
      });
      if (proxyConfig.proxy === undefined)
        throw new Error('proxy needs a target: --target https://api.example.com/v1 (or PROXY_TARGET)');
      const { serve } = await import('../server.js');
      await serve(proxyConfig, print);
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
    .argument('<file>', 'seed file (JSON), or `dev` for the packaged dev seed')
    .action(async (file: string) => {
      const seed = readSeedFile(file);
      await withDatabase(() => config())((store) => applySeed(store.repos, seed));
      print(`Applied seed ${file}.`);
    });

  const existing = withExistingDatabase(() => config());
  registerTokenCommands(program, existing, print);
  registerStateCommands(program, { existing, created: withDatabase(() => config()) }, print);
  registerParityCommand(program, env);
  return program;
}
