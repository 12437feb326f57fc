import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { testSeed } from './fixtures.js';
import { serverModule } from './server-module.js';

/** An app over a fresh in-memory database with the fixture seed; `env` overrides configuration. */
export async function buildTestApp(env: Record<string, string> = {}): Promise<FastifyInstance> {
  const config = serverModule.loadConfig({ DATABASE_URL: ':memory:', LOG_LEVEL: 'silent', ...env });
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
