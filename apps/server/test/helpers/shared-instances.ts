/**
 * Instances of one deployment in the test's process, as a load balancer's pool runs them: apps
 * built over one SQLite file with the seed, sharing the run's Redis under a key prefix of their own
 * (@assistant-platform/test-redis). Every app a test builds is closed after it.
 */
import { testRedis } from '@assistant-platform/test-redis/test-redis';
import type { FastifyInstance } from 'fastify';
import { afterEach } from 'vitest';
import { testSeed } from './fixtures.js';
import { serverModule } from './server-module.js';
import { persistentTestDatabaseUrl } from './test-store.js';

const apps: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

export interface Deployment {
  /** REDIS_URL, REDIS_PREFIX and DATABASE_URL its instances share. */
  env: Record<string, string>;
  /** Builds one more instance of it (`env` beside the deployment's). */
  instance(env?: Record<string, string>): Promise<FastifyInstance>;
}

/** A deployment on a new database and key prefix; `redisUrl` overrides the run's Redis. */
export async function deployment(env: Record<string, string> = {}, redisUrl?: string): Promise<Deployment> {
  const redis = testRedis();
  const shared = {
    LOG_LEVEL: 'silent',
    REDIS_URL: redisUrl ?? redis.url,
    REDIS_PREFIX: redis.prefix,
    DATABASE_URL: await persistentTestDatabaseUrl(),
    ...env,
  };
  return {
    env: shared,
    async instance(more = {}) {
      const app = await serverModule.build(serverModule.loadConfig({ ...shared, ...more }), {
        seed: testSeed,
      });
      apps.push(app);
      return app;
    },
  };
}

/** Two instances of a new deployment. */
export async function twoInstances(
  env: Record<string, string> = {},
): Promise<[FastifyInstance, FastifyInstance]> {
  const deployed = await deployment(env);
  return [await deployed.instance(), await deployed.instance()];
}

/**
 * `count` instances of a new deployment listening on 127.0.0.1 and free ports, for a whole test
 * file (not closed after each test, as the others are): their origins, and `close()` for afterAll.
 */
export async function listeningInstances(
  count: number,
  env: Record<string, string> = {},
): Promise<{ origins: string[]; close: () => Promise<void> }> {
  const deployed = await deployment(env);
  const built: FastifyInstance[] = [];
  const origins: string[] = [];
  for (let i = 0; i < count; i++) {
    const app = await serverModule.build(serverModule.loadConfig(deployed.env), { seed: testSeed });
    built.push(app);
    origins.push(await app.listen({ port: 0, host: '127.0.0.1' }));
  }
  return { origins, close: async () => void (await Promise.all(built.map((app) => app.close()))) };
}
