/**
 * Both stores answer byte for byte alike: one script of requests (reads, creates, edits, chats with
 * hand-off agents, tokens made and revoked, state exports, imports that succeed and fail, a reset,
 * and the numbering of what is created after each) goes to a server on SQLite and one on
 * PostgreSQL, with the clock held still so both stamp the same times, and every answer's status,
 * content type and body must be the same. Only what is random by design differs: the reference ids
 * of agents the API creates and the tokens the admin API creates (and so their hashes); each is
 * replaced by its order of appearance before comparing.
 */
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { hashToken } from '../../src/db/token-hash.js';
import { auth, TEST_AGENT_REFERENCE_ID, TEST_TOKENS, testChatBody, testSeed } from '../helpers/fixtures.js';
import { serverModule } from '../helpers/server-module.js';
import { testDatabaseUrl } from '../helpers/test-store.js';

const START = Date.parse('2025-06-01T12:00:00.000Z');
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;
const HASH = /"tokenHash":"([0-9a-f]{64})"/g;
const SEED_HASHES = new Set(Object.values(TEST_TOKENS).map(hashToken));

let sqlite: FastifyInstance;
let postgres: FastifyInstance;

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(START);
  const build = async (database: string) =>
    serverModule.build(serverModule.loadConfig({ DATABASE_URL: database, LOG_LEVEL: 'silent' }), {
      seed: testSeed,
    });
  sqlite = await build(':memory:');
  postgres = await build(await testDatabaseUrl());
});
afterAll(async () => {
  vi.useRealTimers();
  await Promise.all([sqlite?.close(), postgres?.close()]);
});

/** Each server's random values, by order of appearance, so both read `<uuid 1>`, `<new token 1>`, … */
function normaliser() {
  const uuids = new Map<string, number>();
  const hashes = new Map<string, number>();
  const placeholder = (seen: Map<string, number>, value: string) => {
    if (!seen.has(value)) seen.set(value, seen.size + 1);
    return seen.get(value);
  };
  return (text: string) =>
    text
      .replace(/"token":"ap_[A-Za-z0-9_-]+"/, '"token":"<new token>"')
      .replace(HASH, (whole, hash: string) =>
        SEED_HASHES.has(hash) ? whole : `"tokenHash":"<hash of new token ${placeholder(hashes, hash)}>"`,
      )
      .replace(UUID, (uuid) =>
        uuid === TEST_AGENT_REFERENCE_ID ? uuid : `<uuid ${placeholder(uuids, uuid)}>`,
      );
}
const normalise = { sqlite: normaliser(), postgres: normaliser() };

interface Answer {
  status: number;
  type: string | undefined;
  replayed: string | undefined;
  body: string;
}

/** Sends one request to both servers at the same moment (then moves the clock on by 7 ms). */
async function both(request: InjectOptions): Promise<{ sqlite: Answer; postgres: Answer }> {
  const answer = async (app: FastifyInstance, name: 'sqlite' | 'postgres'): Promise<Answer> => {
    const res = await app.inject(request);
    return {
      status: res.statusCode,
      type: res.headers['content-type'] as string,
      replayed: res.headers['idempotent-replayed'] as string | undefined,
      body: normalise[name](res.body),
    };
  };
  const answers = { sqlite: await answer(sqlite, 'sqlite'), postgres: await answer(postgres, 'postgres') };
  vi.setSystemTime(Date.now() + 7);
  return answers;
}

const steps: [string, InjectOptions][] = [];
const step = (label: string, request: InjectOptions) => steps.push([label, request]);
const all = auth(TEST_TOKENS.all);
const admin = auth(TEST_TOKENS.operator);

step('an agent by id', { url: '/v1/agents/view/1', headers: all });
step('an agent by reference id, upper case', {
  url: `/v1/agents/view/${TEST_AGENT_REFERENCE_ID.toUpperCase()}`,
  headers: all,
});
step('another account’s agent', { url: '/v1/agents/view/3', headers: all });
step('an unknown agent', { url: '/v1/agents/view/9007199254740991', headers: all });
step('create an agent with tools and intents', {
  method: 'POST',
  url: '/v1/agents/create',
  headers: all,
  payload: {
    name: 'Orders é 中 😀',
    instruction: 'Look orders up.',
    intents: ['status', 'refund'],
    knowledgeBaseId: 9_007_199_254_740_991,
    tools: [
      {
        type: 'function',
        function: {
          strict: true,
          name: 'lookup_order',
          parameters: {
            type: 'object',
            required: ['z', 'a'],
            properties: { z: { type: 'string' }, a: { type: 'number', description: 'second' } },
          },
        },
      },
      { type: 'svc_tool', svc_tool: 'web_search_tool' },
    ],
  },
});
step('the created agent', { url: '/v1/agents/view/4', headers: all });
const keyed = { ...all, 'idempotency-key': 'same-answers-1' };
step('create with an idempotency key', {
  method: 'POST',
  url: '/v1/agents/create',
  headers: keyed,
  payload: { name: 'Keyed', instruction: 'Once.' },
});
step('the same key and body again (a replay)', {
  method: 'POST',
  url: '/v1/agents/create',
  headers: keyed,
  payload: { instruction: 'Once.', name: 'Keyed' },
});
step('the same key with another body', {
  method: 'POST',
  url: '/v1/agents/create',
  headers: keyed,
  payload: { name: 'Other', instruction: 'Once.' },
});
step('edit a transcript', {
  method: 'PATCH',
  url: '/v1/transcribe/workspace/7/transcriptions/42',
  headers: all,
  payload: { transcript: { transcript: 'edited', filename: 'call.mp3' } },
});
step('another workspace’s transcription', {
  method: 'PATCH',
  url: '/v1/transcribe/workspace/7/transcriptions/43',
  headers: all,
  payload: { transcript: { filename: 'x', transcript: 'y' } },
});
step('a chat handing off to agents', {
  method: 'POST',
  url: '/v1/agents/chat/request',
  headers: all,
  payload: testChatBody({ agents: [2, 4] }),
});
step('a chat handing off to another account’s agent', {
  method: 'POST',
  url: '/v1/agents/chat/request',
  headers: all,
  payload: testChatBody({ agents: [3] }),
});
step('a streamed chat', {
  method: 'POST',
  url: '/v1/agents/chat/request',
  headers: all,
  payload: testChatBody({ stream: true }),
});
step('create a token', {
  method: 'POST',
  url: '/_admin/tokens',
  headers: admin,
  payload: { accountId: 2, name: 'made here', scopes: ['agents:read'] },
});
step('revoke a seed token', { method: 'DELETE', url: '/_admin/tokens/3', headers: admin });
step('the revoked token', { url: '/v1/agents/view/1', headers: auth(TEST_TOKENS.read) });
step('revoke it again', { method: 'DELETE', url: '/_admin/tokens/3', headers: admin });
step('the state', { url: '/_admin/state', headers: admin });
step('import a state with and without ids', {
  method: 'PUT',
  url: '/_admin/state',
  headers: admin,
  payload: {
    accounts: [
      { id: 1, name: 'Acme' },
      { id: 5, name: 'Initech', createdAt: '2016-12-31T23:59:60.000Z' },
    ],
    tokens: [
      { token: TEST_TOKENS.all, accountId: 1, name: 'all', scopes: ['*'] },
      { id: 20, token: TEST_TOKENS.operator, accountId: 1, name: 'operator', scopes: ['operator'] },
    ],
    workspaces: [{ id: 9, accountId: 5, name: 'Initech calls' }],
    transcriptions: [
      {
        id: 1,
        workspaceId: 9,
        fileName: 'a.mp3',
        fileUrl: 'https://files.example.org/a.mp3',
        fileType: 'audio/mpeg',
        duration: 0.30000000000000004,
        transcript: { transcript: 't', filename: 'a.mp3' },
      },
    ],
    agents: [
      { name: 'Numbered first', instruction: 'x', agentReferenceId: '0000000A-0000-4000-8000-000000000001' },
      {
        id: 30,
        accountId: 5,
        name: 'Given an id',
        instruction: 'y',
        tools: '[{"type":"svc_tool","svc_tool":"web_search_tool"}]',
      },
      {
        name: 'Numbered after it',
        instruction: 'z',
        agentReferenceId: '0000000a-0000-4000-8000-000000000002',
      },
    ],
  },
});
step('the imported state', { url: '/_admin/state', headers: admin });
step('create after the import', {
  method: 'POST',
  url: '/v1/agents/create',
  headers: all,
  payload: { name: 'After the import', instruction: 'x' },
});
step('a token after the import', {
  method: 'POST',
  url: '/_admin/tokens',
  headers: admin,
  payload: { accountId: 5 },
});
step('an import refused half-way (an agent of an unknown account)', {
  method: 'PUT',
  url: '/_admin/state',
  headers: admin,
  payload: {
    accounts: [{ id: 1, name: 'Acme' }],
    tokens: [{ token: TEST_TOKENS.operator, accountId: 1, name: 'operator', scopes: ['operator'] }],
    agents: [
      { name: 'Would be 1', instruction: 'x' },
      { name: 'Orphan', instruction: 'x', accountId: 77 },
    ],
  },
});
step('an import refused for a repeated id', {
  method: 'PUT',
  url: '/_admin/state',
  headers: admin,
  payload: {
    accounts: [
      { id: 1, name: 'A' },
      { id: 1, name: 'B' },
    ],
    tokens: [{ token: TEST_TOKENS.operator, accountId: 1, name: 'operator', scopes: ['operator'] }],
  },
});
step('create after the refused imports', {
  method: 'POST',
  url: '/v1/agents/create',
  headers: all,
  payload: { name: 'After the refusals', instruction: 'x' },
});
step('the state after the refusals', { url: '/_admin/state', headers: admin });
step('reset', { method: 'POST', url: '/_admin/reset', headers: admin });
step('the state after the reset', { url: '/_admin/state', headers: admin });
step('create after the reset', {
  method: 'POST',
  url: '/v1/agents/create',
  headers: all,
  payload: { name: 'After the reset', instruction: 'x' },
});
step('a token after the reset', {
  method: 'POST',
  url: '/_admin/tokens',
  headers: admin,
  payload: { accountId: 1 },
});

it('answers every request of the script the same on SQLite and on PostgreSQL', async () => {
  const differences: string[] = [];
  const statuses: Record<string, number> = {};
  for (const [label, request] of steps) {
    const answers = await both(request);
    statuses[label] = answers.sqlite.status;
    if (answers.sqlite.replayed) statuses[`${label}: replayed`] = 1;
    if (JSON.stringify(answers.sqlite) !== JSON.stringify(answers.postgres))
      differences.push(
        `${label}:\n  sqlite   ${JSON.stringify(answers.sqlite)}\n  postgres ${JSON.stringify(answers.postgres)}`,
      );
  }
  expect(differences).toEqual([]);
  // The script did what it says: its writes succeeded, its refusals were refusals.
  expect(statuses).toMatchObject({
    'create an agent with tools and intents': 201,
    'the created agent': 200,
    'create with an idempotency key': 201,
    'the same key and body again (a replay)': 201,
    'the same key and body again (a replay): replayed': 1,
    'the same key with another body': 400,
    'edit a transcript': 200,
    'a chat handing off to agents': 200,
    'a chat handing off to another account’s agent': 403,
    'a streamed chat': 200,
    'create a token': 201,
    'the revoked token': 401,
    'import a state with and without ids': 200,
    'create after the import': 201,
    'an import refused half-way (an agent of an unknown account)': 400,
    'an import refused for a repeated id': 400,
    reset: 200,
    'create after the reset': 201,
  });
});

it('still answers the script’s reads after it ran, so the comparison compared answers, not errors', async () => {
  const answers = await both({ url: '/v1/agents/view/4', headers: all });
  expect(answers.sqlite.status).toBe(200);
  expect(JSON.parse(answers.postgres.body).data.name).toBe('After the reset');
});
