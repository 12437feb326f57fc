import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { expectMatchesAdminContract } from '../helpers/contract.js';
import { auth, TEST_TOKENS, testChatBody } from '../helpers/fixtures.js';
import { buildTestApp, useTestApp } from '../helpers/test-app.js';

const app = useTestApp();
const admin = auth(TEST_TOKENS.operator);
const send = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  app().inject({ method, url, headers: admin, payload });

const rule = { match: { method: 'POST', path: '/v1/agents/*' }, fault: { code: 503 }, times: 2 } as const;
const fixture = { match: { messageContains: 'parcel' }, answer: { content: 'On its way.' } } as const;

beforeEach(async () => {
  await send('DELETE', '/_admin/faults');
  await send('DELETE', '/_admin/chat-fixtures');
});

describe('/_admin/faults', () => {
  it('adds, lists, removes and clears rules', async () => {
    const added = await send('POST', '/_admin/faults', rule);
    expect(added.statusCode).toBe(201);
    expectMatchesAdminContract('addFault', 201, added.json());
    expect(added.json().data).toMatchObject({ id: 1, ...rule, probability: 1, fired: 0 });
    await send('POST', '/_admin/faults', { match: {}, fault: { delayMs: 100 }, probability: 0.25 });

    const listed = await send('GET', '/_admin/faults');
    expectMatchesAdminContract('listFaults', 200, listed.json());
    expect(
      listed.json().data.faults.map((f: { id: number; times: number | null }) => [f.id, f.times]),
    ).toEqual([
      [1, 2],
      [2, null],
    ]);

    const removed = await send('DELETE', '/_admin/faults/1');
    expect(removed.statusCode).toBe(200);
    expectMatchesAdminContract('removeFault', 200, removed.json());
    expect(removed.json().data.id).toBe(1);
    const again = await send('DELETE', '/_admin/faults/1');
    expect(again.statusCode).toBe(404);
    expectMatchesAdminContract('removeFault', 404, again.json());

    const cleared = await send('DELETE', '/_admin/faults');
    expectMatchesAdminContract('clearFaults', 200, cleared.json());
    expect(cleared.json().data).toEqual({ removed: 1 });
  });

  it('is the store platform requests pick from: the rule answers them, and counts', async () => {
    await send('POST', '/_admin/faults', rule);
    const create = await app().inject({
      method: 'POST',
      url: '/v1/agents/create',
      headers: auth(TEST_TOKENS.all),
      payload: { name: 'Faulted' },
    });
    expect(create.statusCode).toBe(503);
    expect((await send('GET', '/_admin/faults')).json().data.faults[0].fired).toBe(1);
  });

  it('answers 400 naming each bad field of a rule, and a bad id', async () => {
    const bad = await send('POST', '/_admin/faults', {
      match: { path: 'v1', verb: 'GET' },
      fault: {},
      probability: 2,
    });
    expect(bad.statusCode).toBe(400);
    expectMatchesAdminContract('addFault', 400, bad.json());
    expect(
      bad
        .json()
        .errors.map((e: { path: string }) => e.path)
        .sort(),
    ).toEqual(['/fault', '/match/path', '/match/verb', '/probability']);
    const id = await send('DELETE', '/_admin/faults/07');
    expect(id.statusCode).toBe(400);
    expectMatchesAdminContract('removeFault', 400, id.json());
    expect(id.json().errors[0].path).toBe('path.id');
  });

  it('refuses a 101st rule, naming the body', async () => {
    for (let i = 0; i < 100; i++) expect((await send('POST', '/_admin/faults', rule)).statusCode).toBe(201);
    const refused = await send('POST', '/_admin/faults', rule);
    expect(refused.statusCode).toBe(400);
    expectMatchesAdminContract('addFault', 400, refused.json());
    expect(refused.json().errors).toEqual([
      { path: '', message: 'at most 100 fault rules are kept per account: remove one first' },
    ]);
  });
});

describe('/_admin/chat-fixtures', () => {
  it('adds, lists, removes and clears fixtures', async () => {
    const added = await send('POST', '/_admin/chat-fixtures', fixture);
    expect(added.statusCode).toBe(201);
    expectMatchesAdminContract('addChatFixture', 201, added.json());
    expect(added.json().data).toMatchObject({ id: 1, ...fixture, times: null, used: 0 });
    await send('POST', '/_admin/chat-fixtures', {
      match: { intent: 'refund' },
      answer: { json: { ok: true } },
      times: 1,
    });

    const listed = await send('GET', '/_admin/chat-fixtures');
    expectMatchesAdminContract('listChatFixtures', 200, listed.json());
    expect(listed.json().data.fixtures.map((f: { id: number }) => f.id)).toEqual([1, 2]);

    const removed = await send('DELETE', '/_admin/chat-fixtures/2');
    expectMatchesAdminContract('removeChatFixture', 200, removed.json());
    expect(removed.json().data).toMatchObject({ id: 2, answer: { json: { ok: true } } });
    const missing = await send('DELETE', '/_admin/chat-fixtures/2');
    expect(missing.statusCode).toBe(404);
    expectMatchesAdminContract('removeChatFixture', 404, missing.json());

    const cleared = await send('DELETE', '/_admin/chat-fixtures');
    expectMatchesAdminContract('clearChatFixtures', 200, cleared.json());
    expect(cleared.json().data).toEqual({ removed: 1 });
  });

  it('is the store chats pick from: the fixture answers them, and counts', async () => {
    await send('POST', '/_admin/chat-fixtures', fixture);
    const chat = await app().inject({
      method: 'POST',
      url: '/v1/agents/chat/request',
      headers: auth(TEST_TOKENS.all),
      payload: testChatBody(),
    });
    expect(chat.statusCode).toBe(200);
    expect(chat.json().data.request[0].message.content).toBe('On its way.');
    expect((await send('GET', '/_admin/chat-fixtures')).json().data.fixtures[0].used).toBe(1);
  });

  it('refuses a pattern RE2 cannot run, naming /match/messageMatches', async () => {
    const res = await send('POST', '/_admin/chat-fixtures', {
      ...fixture,
      match: { messageMatches: 'parcel(?!s)' },
    });
    expect(res.statusCode).toBe(400);
    expectMatchesAdminContract('addChatFixture', 400, res.json());
    expect(res.json().errors).toEqual([
      { path: '/match/messageMatches', message: expect.stringMatching(/^must be an RE2 regular expression/) },
    ]);
  });

  it('refuses an answer with both content and json, or neither', async () => {
    for (const answer of [{ content: 'a', json: 1 }, { finishReason: 'stop' }]) {
      const res = await send('POST', '/_admin/chat-fixtures', { match: {}, answer });
      expect(res.statusCode).toBe(400);
      expectMatchesAdminContract('addChatFixture', 400, res.json());
      expect(res.json().errors[0].path).toMatch(/^\/answer/);
    }
  });

  it('starts with the fixtures of CHAT_FIXTURES, and refuses to start with a bad file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fixtures-route-'));
    const good = join(dir, 'good.json');
    writeFileSync(good, JSON.stringify([fixture]));
    const loaded = await buildTestApp({ CHAT_FIXTURES: good });
    try {
      const listed = await loaded.inject({ url: '/_admin/chat-fixtures', headers: admin });
      expect(listed.json().data.fixtures).toMatchObject([{ id: 1, ...fixture }]);
    } finally {
      await loaded.close();
    }
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, JSON.stringify([{ match: { messageMatches: '(a)\\1' }, answer: { content: 'x' } }]));
    await expect(buildTestApp({ CHAT_FIXTURES: bad })).rejects.toThrow(
      /CHAT_FIXTURES: .*bad\.json: \[0\]\.match\.messageMatches/,
    );
  });
});
