import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { hashToken } from '../../src/db/token-hash.js';
import { build, loadConfig, type SeedFile } from '../../src/index.js';
import { auth, TEST_TOKENS, testSeed } from '../helpers/fixtures.js';
import { persistentTestDatabaseUrl, testDatabaseUrl } from '../helpers/test-store.js';

const dir = mkdtempSync(join(tmpdir(), 'seed-test-'));
const apps: { close(): Promise<unknown> }[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((a) => a.close()));
});

async function start(databaseUrl: string, seed?: SeedFile | string, env: Record<string, string> = {}) {
  const app = await build(
    loadConfig({ DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent', ...env }),
    seed === undefined ? {} : { seed },
  );
  apps.push(app);
  return app;
}

describe('seed files', () => {
  it('inserts only absent rows, so a restart with the same seed keeps edits', async () => {
    const db = await persistentTestDatabaseUrl();
    const first = await start(db, testSeed);
    await first.inject({
      method: 'PATCH',
      url: '/v1/transcribe/workspace/7/transcriptions/42',
      headers: auth(TEST_TOKENS.all),
      payload: { transcript: { filename: 'edited.mp3', transcript: 'edited' } },
    });
    await first.close();
    const second = await start(db, testSeed);
    const agents = await second.inject({ url: '/v1/agents/view/2', headers: auth(TEST_TOKENS.all) });
    expect(agents.json().data.name).toBe('Billing');
    const again = await second.inject({
      method: 'PATCH',
      url: '/v1/transcribe/workspace/7/transcriptions/42',
      headers: auth(TEST_TOKENS.all),
      payload: { transcript: { filename: 'edited.mp3', transcript: 'edited twice' } },
    });
    expect(again.json().data.transcript.transcript).toBe('edited twice');
    const create = await second.inject({
      method: 'POST',
      url: '/v1/agents/create',
      headers: auth(TEST_TOKENS.all),
      payload: { name: 'n', instruction: 'i' },
    });
    expect(create.json().data.id).toBe(4);
  });

  it('reads a seed from a file path', async () => {
    const file = join(dir, 'seed.json');
    writeFileSync(file, JSON.stringify(testSeed));
    const app = await start(await testDatabaseUrl(), file);
    expect((await app.inject({ url: '/v1/agents/view/1', headers: auth(TEST_TOKENS.all) })).statusCode).toBe(
      200,
    );
  });

  it('reads the dev seed the package ships by its name, `dev`, and a file named dev by its path', async () => {
    const app = await start(':memory:', 'dev');
    const agent = await app.inject({ url: '/v1/agents/view/1', headers: auth('dev-token') });
    expect(agent.json().data.name).toBe('Support triage');
    const local = join(dir, 'dev');
    writeFileSync(local, JSON.stringify(testSeed));
    const fromFile = await start(':memory:', local);
    expect(
      (await fromFile.inject({ url: '/v1/agents/view/2', headers: auth(TEST_TOKENS.all) })).statusCode,
    ).toBe(200);
  });

  it.each([
    [{ agents: [{ name: 'no instruction' }] }, /agents\[0\].*instruction/],
    [
      { accounts: [{ id: 1, name: 'A' }], tokens: [{ token: 'short', accountId: 1, scopes: ['*'] }] },
      /tokens\[0\]\.token/,
    ],
    [{ workspaces: [{ id: 1, accountId: 99, name: 'orphan' }] }, /workspaces\[0\]/],
    [
      {
        accounts: [{ id: 1, name: 'A' }],
        tokens: [{ token: 'long-enough-token', accountId: 1, scopes: ['agents:everything'] }],
      } as unknown as SeedFile,
      /tokens\[0\]\.scopes/,
    ],
    [{ agents: [{ name: 'a', instruction: 'b', tools: '[{' }] }, /agents\[0\].*tools/],
    [{ tokens: [{ tokenHash: 'not-hex', accountId: 1, scopes: ['*'] }] }, /tokens\[0\]\.tokenHash/],
  ] as [SeedFile, RegExp][])('stops start-up naming the bad entry (%#)', async (seed, message) => {
    await expect(start(await testDatabaseUrl(), seed)).rejects.toThrow(message);
  });

  it('is a State document: tokens by their hash, with ids and a revocation', async () => {
    const app = await start(await testDatabaseUrl(), {
      accounts: [{ id: 3, name: 'Hooli', createdAt: '2025-01-01T00:00:00.000Z' }],
      tokens: [
        { id: 11, tokenHash: hashToken('hashed-token-123'), accountId: 3, name: 'ci', scopes: ['*'] },
        {
          tokenHash: hashToken('revoked-token-123'),
          accountId: 3,
          scopes: ['*'],
          revokedAt: '2025-02-01T00:00:00.000Z',
        },
      ],
      agents: [{ id: 9, accountId: 3, name: 'Hooli bot', instruction: 'x' }],
    });
    const ok = await app.inject({ url: '/v1/agents/view/9', headers: auth('hashed-token-123') });
    expect(ok.statusCode).toBe(200);
    const revoked = await app.inject({ url: '/v1/agents/view/9', headers: auth('revoked-token-123') });
    expect(revoked.statusCode).toBe(401);
    const state = (await app.inject({ url: '/_admin/state', headers: auth('hashed-token-123') })).json().data;
    expect(state.tokens).toMatchObject([
      { id: 11, name: 'ci' },
      { id: 12, name: 'seed', revokedAt: '2025-02-01T00:00:00.000Z' },
    ]);
  });

  it('reports an unreadable or non-JSON seed file', async () => {
    const file = join(dir, 'broken.json');
    writeFileSync(file, '{ nope');
    await expect(start(await testDatabaseUrl(), file)).rejects.toThrow(/not valid JSON/);
    await expect(start(await testDatabaseUrl(), join(dir, 'missing.json'))).rejects.toThrow(
      /Cannot read seed file/,
    );
  });

  it('ASSISTANT_DEV_TOKEN grants * in the default account', async () => {
    const app = await start(await testDatabaseUrl(), undefined, { ASSISTANT_DEV_TOKEN: 'my-dev-token-123' });
    const res = await app.inject({
      method: 'POST',
      url: '/v1/agents/create',
      headers: auth('my-dev-token-123'),
      payload: { name: 'a', instruction: 'b' },
    });
    expect(res.statusCode).toBe(201);
  });
});
