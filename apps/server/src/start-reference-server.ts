import { randomBytes } from 'node:crypto';
import type { DeprecationTable } from '@assistant-platform/types';
import type { ChatFixtureInput } from '@assistant-platform/types/admin';
import type { FastifyInstance } from 'fastify';
import { build } from './app.js';
import { loadConfig } from './config/load-config.js';
import { createAdminClient, type ReferenceServerAdmin } from './reference-server-admin.js';
import type { SeedInput } from './seed/apply-startup-data.js';
import { type ParsedSeed, parseSeed, readSeedFile } from './seed/seed-file.js';
import { testSeed } from './test-fixtures.js';

export interface StartReferenceServerOptions {
  /** Configuration variables; defaults: in-memory database, port 0, silent logs. */
  env?: Record<string, string>;
  /** The data to start with (and that `admin.reset()` goes back to): a seed object or a seed file's path. Default: the test seed (`testSeed`, whose tokens are `TEST_TOKENS`). */
  seed?: SeedInput;
  /** Chat fixtures to start with (and that `admin.reset()` puts back), after `CHAT_FIXTURES`'s. */
  chatFixtures?: readonly ChatFixtureInput[];
  /**
   * What the server announces as deprecated (`Deprecation`, `Sunset` and `Link` headers); by
   * default what the contract deprecates. Rehearse how an app meets a coming deprecation by
   * passing a table of your own (`DeprecationTable` of @assistant-platform/types).
   */
  deprecations?: DeprecationTable;
}

export interface ReferenceServer {
  /** The origin, e.g. `http://127.0.0.1:41234`. */
  url: string;
  /** `url + '/v1'`: the API's base URL, what the SDK's `baseUrl` and the gateway's upstream take. */
  baseUrl: string;
  /** The seed's tokens by their names (the test seed's are `TEST_TOKENS`), plus `dev` when one was added for the admin API. */
  tokens: Record<string, string>;
  /** The admin API as the server's operator: the journal, reset, state, fault rules and chat fixtures of every account. */
  admin: ReferenceServerAdmin;
  app: FastifyInstance;
  close(): Promise<void>;
}

/** Its admin client administers the whole server, as a test suite resetting it expects. */
const canOperate = (scopes: readonly string[]) => scopes.includes('operator');

/** The seed's tokens given as themselves (not as hashes), by name, the first of a name winning. */
function tokensOf(seed: ParsedSeed): Record<string, string> {
  const tokens: Record<string, string> = {};
  for (const entry of seed.tokens)
    if (entry.token !== undefined && !entry.revokedAt) tokens[entry.name] ??= entry.token;
  return tokens;
}

/**
 * Starts a real reference server on 127.0.0.1 and a free port, over an in-memory database, for
 * tests and tools. The admin API's client is the server's operator (admin.yaml, "Two kinds of
 * administration"), so it sees and resets every account as before there were two kinds: it uses
 * the seed's first token with scope `operator`, or else a random dev token (scopes `*` and
 * `operator`) added for it (`tokens.dev`).
 */
export async function startReferenceServer(
  options: StartReferenceServerOptions = {},
): Promise<ReferenceServer> {
  const seedInput = options.seed ?? testSeed;
  const seed = typeof seedInput === 'string' ? readSeedFile(seedInput) : parseSeed(seedInput, '(inline)');
  const tokens = tokensOf(seed);
  const env: Record<string, string> = {
    DATABASE_URL: ':memory:',
    LOG_LEVEL: 'silent',
    HOST: '127.0.0.1',
    ...options.env,
    PORT: '0',
  };
  let adminToken = seed.tokens.find(
    (entry) => entry.token !== undefined && !entry.revokedAt && canOperate(entry.scopes),
  )?.token;
  if (adminToken === undefined) {
    env.ASSISTANT_DEV_TOKEN ??= `dev-${randomBytes(16).toString('hex')}`;
    adminToken = env.ASSISTANT_DEV_TOKEN;
    tokens.dev = adminToken;
  }
  const config = loadConfig(env);
  const app = await build(config, {
    seed: seedInput,
    ...(options.chatFixtures === undefined ? {} : { chatFixtures: options.chatFixtures }),
    ...(options.deprecations === undefined ? {} : { deprecations: options.deprecations }),
  });
  await app.listen({ port: 0, host: config.host });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('server has no TCP address');
  const url = `http://${config.host}:${address.port}`;
  const close = async () => {
    // A test that leaves a stream open must not hang the suite: cut what is left after a grace period.
    const grace = setTimeout(() => app.server.closeAllConnections(), 1000);
    try {
      await app.close();
    } finally {
      clearTimeout(grace);
    }
  };
  return { url, baseUrl: `${url}/v1`, tokens, admin: createAdminClient(url, adminToken), app, close };
}
