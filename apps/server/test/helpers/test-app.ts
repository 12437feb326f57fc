import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { testSeed } from './fixtures.js';
import { serverModule } from './server-module.js';
import { testDatabaseUrl } from './test-store.js';

/**
 * An app over a fresh database of the suite's store (in memory on SQLite, a new database on
 * PostgreSQL) with the fixture seed; `env` overrides configuration.
 */
export async function buildTestApp(env: Record<string, string> = {}): Promise<FastifyInstance> {
  const database = env.DATABASE_URL ?? (await testDatabaseUrl());
  const config = serverModule.loadConfig({ LOG_LEVEL: 'silent', ...env, DATABASE_URL: database });
  return serverModule.build(config, { seed: testSeed });
}

/** One app per test file, closed afterwards; `get()` returns it inside tests. */
export function useTestApp(env: Record<string, string> = {}): () => FastifyInstance {
  let app: FastifyInstance | undefined;
  beforeAll(async () => {
    app = await buildTestApp(env);
  });
  afterAll(async () => {
    await app?.close();
  });
  return () => {
    if (!app) throw new Error('app not built yet');
    return app;
  };
}

/** As useTestApp, listening on 127.0.0.1 and a free port: `get()` returns its origin. */
export function useListeningTestApp(env: Record<string, string> = {}): () => string {
  let app: FastifyInstance | undefined;
  let origin: string | undefined;
  beforeAll(async () => {
    app = await buildTestApp(env);
    origin = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await app?.close();
  });
  return () => {
    if (!origin) throw new Error('app not listening yet');
    return origin;
  };
}
