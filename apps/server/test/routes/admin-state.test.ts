import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { State } from '@assistant-platform/types/admin';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { hashToken } from '../../src/db/token-hash.js';
import { expectMatchesAdminContract } from '../helpers/contract.js';
import { auth, TEST_AGENT_REFERENCE_ID, TEST_TOKENS, testSeed } from '../helpers/fixtures.js';
import { serverModule } from '../helpers/server-module.js';
import { buildTestApp } from '../helpers/test-app.js';
import { testDatabaseUrl } from '../helpers/test-store.js';

const admin = auth(TEST_TOKENS.operator);
const apps: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

async function started(env: Record<string, string> = {}): Promise<FastifyInstance> {
  const app = await buildTestApp(env);
  apps.push(app);
  return app;
}

async function exported(app: FastifyInstance): Promise<State> {
  const res = await app.inject({ url: '/_admin/state', headers: admin });
  expect(res.statusCode).toBe(200);
  expectMatchesAdminContract('exportState', 200, res.json());
  return res.json().data;
}

/** The operator's token, as a document must keep it for the operator's import to be taken. */
const operatorToken = { token: TEST_TOKENS.operator, accountId: 1, name: 'operator', scopes: ['operator'] };

function put(app: FastifyInstance, state: unknown, token: string = TEST_TOKENS.operator) {
  return app.inject({ method: 'PUT', url: '/_admin/state', headers: auth(token), payload: state as object });
}

const patchTranscript = (app: FastifyInstance, transcript: string) =>
  app.inject({
    method: 'PATCH',
    url: '/v1/transcribe/workspace/7/transcriptions/42',
    headers: auth(TEST_TOKENS.all),
    payload: { transcript: { filename: 'call.mp3', transcript } },
  });

const createAgentWith = (app: FastifyInstance, headers: Record<string, string>, name = 'Temporary') =>
  app.inject({ method: 'POST', url: '/v1/agents/create', headers, payload: { name, instruction: 'x' } });

const createAgent = (app: FastifyInstance, name: string) => createAgentWith(app, auth(TEST_TOKENS.all), name);

describe('GET /_admin/state', () => {
  it('exports every record with its ids and timestamps, tokens as their hashes', async () => {
    const state = await exported(await started());
    expect(state.accounts).toEqual([
      { id: 1, name: 'Acme', createdAt: expect.any(String) },
      { id: 2, name: 'Globex', createdAt: expect.any(String) },
    ]);
    expect(state.tokens).toHaveLength(testSeed.tokens?.length ?? 0);
    expect(state.tokens?.[0]).toEqual({
      id: 1,
      tokenHash: hashToken(TEST_TOKENS.all),
      accountId: 1,
      name: 'all',
      scopes: ['*'],
      createdAt: expect.any(String),
    });
    expect(JSON.stringify(state)).not.toContain(TEST_TOKENS.all);
    expect(state.transcriptions?.[0]).toMatchObject({
      id: 42,
      workspaceId: 7,
      status: 'COMPLETED',
      createdAt: '2025-01-02T03:04:05.000Z',
      updatedAt: '2025-01-02T03:04:05.000Z',
    });
    expect(state.agents?.[0]).toEqual({
      id: 1,
      accountId: 1,
      agentReferenceId: TEST_AGENT_REFERENCE_ID,
      name: 'Support triage',
      description: 'Answers support questions.',
      instruction: 'Answer politely.',
      intents: ['refund'],
      knowledgeBaseId: 12,
      tools: [{ type: 'svc_tool', svc_tool: 'web_search_tool' }],
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(state.agents?.[1]).not.toHaveProperty('knowledgeBaseId');
  });
});

describe('PUT /_admin/state', () => {
  it('replaces all data and answers what it now holds', async () => {
    const app = await started();
    const res = await put(app, {
      accounts: [{ id: 5, name: 'Initech' }],
      tokens: [
        { id: 9, token: 'initech-admin-token', accountId: 5, name: 'ops', scopes: ['*'] },
        { ...operatorToken, accountId: 5 },
      ],
      agents: [{ id: 70, name: 'Only one', instruction: 'x', tools: '[]' }],
    });
    expect(res.statusCode).toBe(200);
    expectMatchesAdminContract('importState', 200, res.json());
    expect(res.json().data).toEqual({ accounts: 1, tokens: 2, workspaces: 0, transcriptions: 0, agents: 1 });
    expect((await app.inject({ url: '/v1/agents/view/1', headers: auth(TEST_TOKENS.all) })).statusCode).toBe(
      401,
    );
    const agent = await app.inject({ url: '/v1/agents/view/70', headers: auth('initech-admin-token') });
    expect(agent.json().data).toMatchObject({ id: 70, name: 'Only one', tools: [], description: '' });
  });

  it('refuses an invalid document, naming each bad field, and keeps the data', async () => {
    const app = await started();
    const before = await exported(app);
    const res = await put(app, {
      accounts: [{ id: 0, name: 'A' }],
      tokens: [{ token: 'long-enough-token', tokenHash: 'a'.repeat(64), accountId: 1, scopes: ['*'] }],
      agents: [{ name: 'a' }],
      extra: true,
    });
    expect(res.statusCode).toBe(400);
    expectMatchesAdminContract('importState', 400, res.json());
    const paths = res.json().errors.map((e: { path: string }) => e.path);
    expect(paths).toEqual(
      expect.arrayContaining(['/accounts/0/id', '/tokens/0', '/agents/0/instruction', '/extra']),
    );
    expect(await exported(app)).toEqual(before);
  });

  it('refuses a document the database refuses, naming the entry, and keeps the data', async () => {
    const app = await started();
    const before = await exported(app);
    for (const [state, path] of [
      [
        { accounts: [{ id: 1, name: 'A' }], workspaces: [{ id: 3, accountId: 2, name: 'W' }] },
        '/workspaces/0',
      ],
      [
        {
          accounts: [
            { id: 1, name: 'A' },
            { id: 1, name: 'B' },
          ],
        },
        '/accounts/1',
      ],
      [
        {
          accounts: [{ id: 1, name: 'A' }],
          agents: [{ name: 'a', instruction: 'b', tools: '[{"type":"unknown"}]' }],
        },
        '/agents/0/tools/0',
      ],
    ] as const) {
      const res = await put(app, { ...state, tokens: [operatorToken] });
      expect(res.statusCode, path).toBe(400);
      expectMatchesAdminContract('importState', 400, res.json());
      expect(res.json().errors[0].path).toMatch(new RegExp(`^${path}`));
    }
    expect(await exported(app)).toEqual(before);
  });

  it('parses and validates a state of several megabytes off the event loop, and imports it', async () => {
    const app = await started();
    const state = await exported(app);
    const instruction = 'Answer politely and precisely. '.repeat(100);
    const agents = Array.from({ length: 1500 }, (_, i) => ({
      id: 100 + i,
      accountId: 1,
      name: `Bulk ${i}`,
      instruction,
    }));
    const big = { ...state, agents: [...(state.agents ?? []), ...agents] };
    expect(JSON.stringify(big).length).toBeGreaterThan(4 * 1024 * 1024);
    const res = await put(app, big);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.agents).toBe(1503);
    const bad = await put(app, { ...big, agents: [...agents, { id: 1, name: 'no instruction' }] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([{ path: '/agents/1500/instruction', message: 'is required' }]);
    // Thousands of inserts, one round trip each on PostgreSQL: seconds on a loaded machine.
  }, 60_000);
});

describe('an exported state', () => {
  it('gives a fresh server the same answers, through PUT /_admin/state or as its seed', async () => {
    const source = await started();
    await createAgent(source, 'Made at run time');
    await patchTranscript(source, 'edited before the export');
    const state = await exported(source);

    const seeded = await serverModule.build(
      serverModule.loadConfig({ DATABASE_URL: await testDatabaseUrl(), LOG_LEVEL: 'silent' }),
      { seed: state },
    );
    apps.push(seeded);
    // The fresh server's import goes through its dev token, which the state keeps (as the
    // operator's): an import that dropped it would lock its caller out, and is refused.
    const bootstrap = await serverModule.build(
      serverModule.loadConfig({
        DATABASE_URL: await testDatabaseUrl(),
        LOG_LEVEL: 'silent',
        ASSISTANT_DEV_TOKEN: TEST_TOKENS.operator,
      }),
    );
    apps.push(bootstrap);
    expect((await put(bootstrap, state, TEST_TOKENS.operator)).statusCode).toBe(200);

    for (const fresh of [seeded, bootstrap]) {
      expect(await exported(fresh)).toEqual(state);
      for (const url of [
        '/v1/agents/view/1',
        '/v1/agents/view/4',
        `/v1/agents/view/${TEST_AGENT_REFERENCE_ID}`,
      ]) {
        const [before, after] = await Promise.all(
          [source, fresh].map((app) => app.inject({ url, headers: auth(TEST_TOKENS.all) })),
        );
        expect(after?.statusCode, url).toBe(before?.statusCode);
        expect(after?.json(), url).toEqual(before?.json());
      }
      const [before, after] = await Promise.all([source, fresh].map((app) => patchTranscript(app, 'again')));
      const { updatedAt: _b, ...sourceAnswer } = before?.json().data ?? {};
      const { updatedAt: _a, ...freshAnswer } = after?.json().data ?? {};
      expect(freshAnswer).toEqual(sourceAnswer);
      for (const [token, status] of [
        [TEST_TOKENS.read, 200],
        [TEST_TOKENS.write, 403],
        ['never-a-token', 401],
      ] as const)
        expect(
          (await fresh.inject({ url: '/v1/agents/view/1', headers: auth(token) })).statusCode,
          token,
        ).toBe(status);
    }
  });
});

describe('POST /_admin/reset', () => {
  it('restores the start-up data and empties the journal, fault rules and chat fixtures', async () => {
    const app = await started();
    const startup = await exported(app);
    await createAgent(app, 'Temporary');
    await patchTranscript(app, 'edited');
    await app.inject({
      method: 'POST',
      url: '/_admin/faults',
      headers: admin,
      payload: { match: { path: '/v1/*' }, fault: { delayMs: 10 } },
    });
    await app.inject({
      method: 'POST',
      url: '/_admin/chat-fixtures',
      headers: admin,
      payload: { match: {}, answer: { content: 'scripted' } },
    });
    const res = await app.inject({ method: 'POST', url: '/_admin/reset', headers: admin });
    expect(res.statusCode).toBe(200);
    expectMatchesAdminContract('reset', 200, res.json());
    expect(res.json().data).toEqual({ accounts: 2, tokens: 9, workspaces: 2, transcriptions: 2, agents: 3 });
    expect(await exported(app)).toEqual(startup);
    for (const url of ['/_admin/requests', '/_admin/faults', '/_admin/chat-fixtures']) {
      const list = (await app.inject({ url, headers: admin })).json().data;
      expect(Object.values(list)[0], url).toEqual([]);
    }
    const gone = await app.inject({ url: '/v1/agents/view/4', headers: auth(TEST_TOKENS.all) });
    expect(gone.statusCode).toBe(404);
    expect((await createAgent(app, 'After the reset')).json().data.id).toBe(4);
  });

  it('restores the token created at start-up on an empty database', async () => {
    const app = await serverModule.build(
      serverModule.loadConfig({ DATABASE_URL: await testDatabaseUrl(), LOG_LEVEL: 'silent' }),
      { createFirstToken: true },
    );
    apps.push(app);
    const first = auth(app.firstToken as string);
    await createAgentWith(app, first);
    const reset = await app.inject({ method: 'POST', url: '/_admin/reset', headers: first });
    expect(reset.json().data).toEqual({
      accounts: 1,
      tokens: 1,
      workspaces: 1,
      transcriptions: 0,
      agents: 0,
    });
    expect((await app.inject({ url: '/_admin/state', headers: first })).statusCode).toBe(200);
  });

  it('loads the CHAT_FIXTURES file again', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fixtures-'));
    const file = join(dir, 'fixtures.json');
    writeFileSync(
      file,
      JSON.stringify([{ match: { messageContains: 'parcel' }, answer: { content: 'On its way.' } }]),
    );
    const app = await started({ CHAT_FIXTURES: file });
    const listed = async () =>
      (await app.inject({ url: '/_admin/chat-fixtures', headers: admin })).json().data.fixtures;
    expect((await listed()).map((f: { id: number }) => f.id)).toEqual([1]);
    await app.inject({ method: 'DELETE', url: '/_admin/chat-fixtures', headers: admin });
    expect(await listed()).toEqual([]);
    await app.inject({ method: 'POST', url: '/_admin/reset', headers: admin });
    expect(await listed()).toMatchObject([{ id: 1, match: { messageContains: 'parcel' }, used: 0 }]);
  });
});
