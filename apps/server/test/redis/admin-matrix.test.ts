/**
 * The admin matrix (helpers/admin-matrix.ts) on two instances sharing a Redis and one database:
 * both accounts' records are made through one instance, every admin operation is called through
 * the other, so its answers come from the journal, rules and fixtures the two share, each entry,
 * rule and fixture carrying its account for the instance to filter by.
 */
import { testRedis } from '@assistant-platform/test-redis/test-redis';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { CALLERS, MATRIX_ENV, MATRIX_OPERATIONS, type Origins, runCell } from '../helpers/admin-matrix.js';
import { testSeed } from '../helpers/fixtures.js';
import { serverModule } from '../helpers/server-module.js';
import { persistentTestDatabaseUrl } from '../helpers/test-store.js';

const apps: FastifyInstance[] = [];
let origins: Origins | undefined;

beforeAll(async () => {
  const redis = testRedis();
  const env = {
    LOG_LEVEL: 'silent',
    REDIS_URL: redis.url,
    REDIS_PREFIX: redis.prefix,
    DATABASE_URL: await persistentTestDatabaseUrl(),
    ...MATRIX_ENV,
  };
  const listening: string[] = [];
  for (let i = 0; i < 2; i++) {
    const app = await serverModule.build(serverModule.loadConfig(env), { seed: testSeed });
    apps.push(app);
    listening.push(await app.listen({ port: 0, host: '127.0.0.1' }));
  }
  origins = { setup: listening[0] as string, call: listening[1] as string };
}, 60_000);

afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()));
});

describe('the admin API’s matrix on two instances sharing a Redis', () => {
  describe.each(MATRIX_OPERATIONS)('%s', (operationId) => {
    it.each(CALLERS)('as %s', (caller) => runCell(origins as Origins, operationId, caller), 60_000);
  });
});
