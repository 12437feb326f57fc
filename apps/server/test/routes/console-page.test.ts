import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, TEST_TOKENS, testSeed } from '../helpers/fixtures.js';
import { serverModule } from '../helpers/server-module.js';
import { testDatabaseUrl } from '../helpers/test-store.js';

/** An app serving a console build made up here, or none. */
async function appWithConsole(dir: string): Promise<FastifyInstance> {
  const config = serverModule.loadConfig({ DATABASE_URL: await testDatabaseUrl(), LOG_LEVEL: 'silent' });
  return serverModule.build(config, { seed: testSeed, consoleDir: dir });
}

describe('/console', () => {
  const built = mkdtempSync(join(tmpdir(), 'console-'));
  mkdirSync(join(built, 'assets'));
  writeFileSync(join(built, 'index.html'), '<!doctype html><title>Console</title>');
  writeFileSync(join(built, 'assets', 'index-abc123.js'), 'console.log(1)');
  let app: FastifyInstance;
  let missing: FastifyInstance;
  beforeAll(async () => {
    app = await appWithConsole(built);
    missing = await appWithConsole(join(built, 'nowhere'));
  });
  afterAll(async () => {
    await Promise.all([app.close(), missing.close()]);
  });

  it('serves the page at /console, /console/ and any client route, always revalidated', async () => {
    for (const url of ['/console', '/console/', '/console/requests/12']) {
      const res = await app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<title>Console</title>');
    }
  });

  it('serves hashed assets with a long cache, and 404 for a missing one or a path outside', async () => {
    const asset = await app.inject({ url: '/console/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['content-type']).toMatch(/^application\/javascript/);
    expect(asset.headers['cache-control']).toContain('immutable');
    expect((await app.inject({ url: '/console/assets/gone-000.js' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/console/..%2f..%2fpackage.json' })).statusCode).toBe(404);
  });

  it('says to run pnpm build when the console was not built', async () => {
    const res = await missing.inject({ url: '/console' });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('pnpm build');
  });

  it('is not journaled', async () => {
    await app.inject({ url: '/console' });
    const journal = await app.inject({ url: '/_admin/requests', headers: auth(TEST_TOKENS.operator) });
    expect(journal.json().data.requests).toEqual([]);
  });
});
