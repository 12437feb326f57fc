import type { JournalEntry } from '@assistant-platform/types/admin';
import type { FastifyInstance } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import { expectMatchesAdminContract } from '../helpers/contract.js';
import { auth, largeCreate, TEST_TOKENS, testChatBody } from '../helpers/fixtures.js';
import { openRaw } from '../helpers/raw-socket.js';
import { buildTestApp, useTestApp } from '../helpers/test-app.js';

const app = useTestApp();
const admin = auth(TEST_TOKENS.operator);

async function journal(target: FastifyInstance = app(), query = ''): Promise<JournalEntry[]> {
  const res = await target.inject({ url: `/_admin/requests${query}`, headers: admin });
  expect(res.statusCode).toBe(200);
  expectMatchesAdminContract('listRequests', 200, res.json());
  return res.json().data.requests;
}

beforeEach(async () => {
  await app().inject({ method: 'DELETE', url: '/_admin/requests', headers: admin });
});

describe('the journal records platform requests', () => {
  it('keeps a plain request and its answer, the token named and its authorization redacted', async () => {
    const answer = await app().inject({
      url: '/v1/agents/view/1?verbose=1',
      headers: { ...auth(TEST_TOKENS.all), 'x-request-id': 'journal-plain-1' },
    });
    const [entry] = await journal();
    expect(entry).toMatchObject({
      id: 1,
      requestId: 'journal-plain-1',
      method: 'GET',
      path: '/v1/agents/view/1',
      query: 'verbose=1',
      operationId: 'getAgent',
      status: 200,
      outcome: 'answered',
      token: { name: 'all', accountId: 1 },
      requestBody: null,
      requestBodyTruncated: false,
      responseBody: answer.json(),
      responseBodyTruncated: false,
      events: null,
      eventsTruncated: false,
      fault: null,
      chatFixtureId: null,
    });
    expect(entry?.requestHeaders.authorization).toBe('[redacted]');
    expect(entry?.responseHeaders['content-type']).toMatch(/^application\/json/);
    expect(entry?.responseHeaders['x-request-id']).toBe('journal-plain-1');
    expect(entry?.durationMs).toBeGreaterThanOrEqual(0);
    expect(Date.parse(entry?.at ?? '')).toBeGreaterThan(Date.now() - 60_000);
  });

  it('keeps where the time went, stage by stage, in order and within the request', async () => {
    await app().inject({ url: '/v1/agents/view/1', headers: auth(TEST_TOKENS.all) });
    await app().inject({
      method: 'POST',
      url: '/v1/agents/chat/request',
      headers: auth(TEST_TOKENS.all),
      payload: testChatBody(),
    });
    await app().inject({ url: '/v1/nothing-here', headers: auth(TEST_TOKENS.all) });
    const [unknown, chat, get] = await journal();
    expect(get?.spans.map(({ stage, name }) => [stage, name])).toEqual([
      ['auth', 'auth'],
      ['db', 'db'],
    ]);
    expect(chat?.spans.map(({ stage }) => stage)).toEqual(['auth', 'db', 'engine']);
    expect(chat?.spans[2]?.name).toMatch(/^chat /);
    for (const entry of [get, chat])
      for (const [index, span] of (entry?.spans ?? []).entries()) {
        expect(span.startMs).toBeGreaterThanOrEqual(
          index === 0 ? 0 : (entry?.spans[index - 1]?.startMs ?? 0),
        );
        expect(span.startMs + span.durationMs).toBeLessThanOrEqual((entry?.durationMs ?? 0) + 0.001);
      }
    expect(unknown?.spans).toEqual([]);
  });

  it('keeps failed requests: refused credentials, a bad body (as its JSON value) and malformed JSON (as text)', async () => {
    await app().inject({ url: '/v1/agents/view/1' });
    await app().inject({
      method: 'POST',
      url: '/v1/agents/create',
      headers: auth(TEST_TOKENS.all),
      payload: { name: '', colour: 'blue' },
    });
    await app().inject({
      method: 'POST',
      url: '/v1/agents/create',
      headers: { ...auth(TEST_TOKENS.all), 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    const [malformed, invalid, unauthorised] = await journal();
    expect(unauthorised).toMatchObject({
      status: 401,
      token: null,
      responseBody: { success: false, message: 'Unauthorized access' },
    });
    expect(unauthorised?.responseHeaders['www-authenticate']).toBe('Bearer');
    expect(invalid).toMatchObject({
      operationId: 'createAgent',
      status: 400,
      requestBody: { name: '', colour: 'blue' },
      token: { name: 'all', accountId: 1 },
    });
    expect(invalid?.responseBody).toMatchObject({ errors: expect.arrayContaining([expect.anything()]) });
    expect(malformed).toMatchObject({ status: 400, requestBody: '{"name": ' });
  });

  it('keeps unknown paths under /v1, and nothing of the admin API, docs, health or contract', async () => {
    await app().inject({ method: 'DELETE', url: '/v1/agents/view/1', headers: auth(TEST_TOKENS.all) });
    await app().inject({ url: '/v1/nowhere' });
    for (const url of ['/healthz', '/docs', '/openapi.yaml', '/openapi.json', '/_admin/openapi.json'])
      await app().inject({ url });
    await app().inject({ url: '/_admin/faults', headers: admin });
    await app().inject({ url: '/elsewhere' });
    const entries = await journal();
    expect(entries.map((e) => [e.method, e.path, e.operationId, e.status])).toEqual([
      ['GET', '/v1/nowhere', null, 404],
      ['DELETE', '/v1/agents/view/1', null, 405],
    ]);
  });

  it('keeps a streamed chat answer as its events, with their times', async () => {
    const res = await app().inject({
      method: 'POST',
      url: '/v1/agents/chat/request',
      headers: auth(TEST_TOKENS.all),
      payload: testChatBody({ stream: true }),
    });
    expect(res.statusCode).toBe(200);
    const [entry] = await journal();
    expect(entry).toMatchObject({ operationId: 'chatRequest', status: 200, outcome: 'answered' });
    expect(entry?.responseBody).toBeNull();
    expect(entry?.requestBody).toMatchObject({ stream: true, name: 'Support triage' });
    const events = entry?.events ?? [];
    expect(events.length).toBeGreaterThan(2);
    expect(events.at(-1)).toMatchObject({ event: null, data: '[DONE]' });
    expect(JSON.parse(events[0]?.data ?? '')).toMatchObject({ object: 'chat.request.chunk' });
    const times = events.map((e) => e.atMs);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    // What the client received is what the journal shows.
    const sent = res.body
      .split('\n\n')
      .filter(Boolean)
      .map((block) => block.replace(/^data: /, ''));
    expect(events.map((e) => e.data)).toEqual(sent);
  });

  it('keeps a request whose client went away before the answer, with no status', async () => {
    const server = await buildTestApp();
    try {
      await server.listen({ port: 0, host: '127.0.0.1' });
      const { port } = server.server.address() as { port: number };
      const { socket, closed } = await openRaw(`http://127.0.0.1:${port}`);
      socket.write(
        'POST /v1/agents/create HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer token-acme-all\r\n' +
          'Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{"name":',
      );
      await new Promise((resolve) => setTimeout(resolve, 50));
      socket.destroy();
      await closed;
      let entries: JournalEntry[] = [];
      for (let i = 0; i < 100 && entries.length === 0; i++) {
        entries = await journal(server);
        if (entries.length === 0) await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(entries[0]).toMatchObject({
        status: null,
        outcome: 'client-closed',
        operationId: 'createAgent',
      });
    } finally {
      await server.close();
    }
  });
});

/** A large create whose instruction's characters take two bytes each in UTF-8. */
const largeCreateText = () => JSON.stringify(largeCreate('é'.repeat(16_000)));

describe('the journal’s bounds', () => {
  const small = useTestApp({ JOURNAL_MAX: '3', JOURNAL_BODY_MAX_BYTES: '40' });

  it('keeps the newest JOURNAL_MAX entries', async () => {
    for (let i = 0; i < 5; i++) await small().inject({ url: `/v1/agents/view/${i + 1}` });
    const entries = await journal(small());
    expect(entries.map((e) => [e.id, e.path])).toEqual([
      [5, '/v1/agents/view/5'],
      [4, '/v1/agents/view/4'],
      [3, '/v1/agents/view/3'],
    ]);
  });

  it('cuts bodies at JOURNAL_BODY_MAX_BYTES, at a character boundary, and says so', async () => {
    await small().inject({
      method: 'POST',
      url: '/v1/agents/create',
      headers: auth(TEST_TOKENS.all),
      payload: { name: 'ééééééééééééééééééééééééé', instruction: 'x' },
    });
    const [entry] = await journal(small());
    expect(entry?.requestBodyTruncated).toBe(true);
    expect(entry?.requestBody).toBe('{"name":"ééééééééééééééé');
    expect(entry?.responseBodyTruncated).toBe(true);
    expect(typeof entry?.responseBody).toBe('string');
    expect(Buffer.byteLength(entry?.responseBody as string)).toBeLessThanOrEqual(40);
  });

  it('keeps a large body (whose bytes move to a body worker) as a cut copy, the agent still made', async () => {
    const res = await small().inject({
      method: 'POST',
      url: '/v1/agents/create',
      headers: { ...auth(TEST_TOKENS.all), 'content-type': 'application/json' },
      payload: largeCreateText(),
    });
    expect(res.statusCode).toBe(201);
    const made = await small().inject({
      url: `/v1/agents/view/${res.json().data.id}`,
      headers: auth(TEST_TOKENS.all),
    });
    expect(made.json().data.tools).toHaveLength(64);
    const entry = (await journal(small())).find((e) => e.method === 'POST');
    expect(entry?.requestBodyTruncated).toBe(true);
    expect(entry?.requestBody).toBe('{"name":"Large","instruction":"éééé');
  });

  it('keeps a large body under JOURNAL_BODY_MAX_BYTES whole', async () => {
    const roomy = await buildTestApp({ JOURNAL_BODY_MAX_BYTES: String(1024 * 1024) });
    try {
      const payload = largeCreateText();
      const res = await roomy.inject({
        method: 'POST',
        url: '/v1/agents/create',
        headers: { ...auth(TEST_TOKENS.all), 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode).toBe(201);
      const [entry] = await journal(roomy);
      expect(entry?.requestBodyTruncated).toBe(false);
      expect(entry?.requestBody).toEqual(JSON.parse(payload));
    } finally {
      await roomy.close();
    }
  });

  it('records nothing with JOURNAL_MAX=0', async () => {
    const off = await buildTestApp({ JOURNAL_MAX: '0' });
    try {
      await off.inject({ url: '/v1/agents/view/1', headers: auth(TEST_TOKENS.all) });
      expect(await journal(off)).toEqual([]);
    } finally {
      await off.close();
    }
  });
});

describe('each account’s own bound', () => {
  const capped = useTestApp({ JOURNAL_MAX: '4', JOURNAL_TOTAL_MAX: '6' });
  const requestIds = async (token: string) => {
    const res = await capped().inject({ url: '/_admin/requests', headers: auth(token) });
    expect(res.statusCode).toBe(200);
    return res.json().data.requests.map((entry: JournalEntry) => entry.requestId);
  };
  const get = (id: string, token?: string) =>
    capped().inject({
      url: '/v1/agents/view/3',
      headers: { 'x-request-id': id, ...(token === undefined ? {} : auth(token)) },
    });

  it('another account’s many requests never drop an account’s entries; past the total, the account holding the most loses its oldest', async () => {
    await capped().inject({ method: 'DELETE', url: '/_admin/requests', headers: admin });
    for (let i = 1; i <= 2; i++) await get(`acme-${i}`, TEST_TOKENS.all);
    for (let i = 1; i <= 40; i++) await get(`globex-${i}`, TEST_TOKENS.other);
    // Account 1's admin still sees both of its requests, account 2's its newest JOURNAL_MAX.
    expect(await requestIds(TEST_TOKENS.admin)).toEqual(['acme-2', 'acme-1']);
    expect(await requestIds(TEST_TOKENS.other)).toEqual(['globex-40', 'globex-39', 'globex-38', 'globex-37']);
    // Requests no token authenticated are one more account: at JOURNAL_TOTAL_MAX, theirs take
    // account 2's oldest entries while it holds the most, then their own.
    for (let i = 1; i <= 3; i++) expect((await get(`anonymous-${i}`)).statusCode).toBe(401);
    expect(await requestIds(TEST_TOKENS.admin)).toEqual(['acme-2', 'acme-1']);
    expect(await requestIds(TEST_TOKENS.other)).toEqual(['globex-40', 'globex-39']);
    expect(await requestIds(TEST_TOKENS.operator)).toEqual([
      'anonymous-3',
      'anonymous-2',
      'globex-40',
      'globex-39',
      'acme-2',
      'acme-1',
    ]);
  });
});

describe('reading the journal', () => {
  beforeEach(async () => {
    await app().inject({ url: '/v1/agents/view/1', headers: auth(TEST_TOKENS.all) });
    await app().inject({ url: '/v1/agents/view/3', headers: auth(TEST_TOKENS.all) });
    await app().inject({
      method: 'POST',
      url: '/v1/agents/create',
      headers: auth(TEST_TOKENS.all),
      payload: { name: 'Courier', instruction: 'Track the parcel.' },
    });
    await app().inject({ url: '/v1/nowhere' });
  });

  it('filters by method, path (a trailing * for a prefix) and status, newest first, at most limit', async () => {
    const paths = (entries: JournalEntry[]) => entries.map((e) => e.path);
    expect(paths(await journal(app(), '?method=GET'))).toEqual([
      '/v1/nowhere',
      '/v1/agents/view/3',
      '/v1/agents/view/1',
    ]);
    expect(paths(await journal(app(), '?path=/v1/agents/view/*'))).toEqual([
      '/v1/agents/view/3',
      '/v1/agents/view/1',
    ]);
    expect(paths(await journal(app(), '?path=/v1/agents/view/1'))).toEqual(['/v1/agents/view/1']);
    expect(paths(await journal(app(), '?status=403'))).toEqual(['/v1/agents/view/3']);
    expect(paths(await journal(app(), '?method=GET&status=200'))).toEqual(['/v1/agents/view/1']);
    expect(paths(await journal(app(), '?limit=2'))).toEqual(['/v1/nowhere', '/v1/agents/create']);
  });

  it('answers 400 naming each bad filter', async () => {
    const res = await app().inject({
      url: '/_admin/requests?method=FETCH&status=99&limit=0&path=v1',
      headers: admin,
    });
    expect(res.statusCode).toBe(400);
    expectMatchesAdminContract('listRequests', 400, res.json());
    expect(
      res
        .json()
        .errors.map((e: { path: string }) => e.path)
        .sort(),
    ).toEqual(['query.limit', 'query.method', 'query.path', 'query.status']);
  });

  it('finds requests by what their body contains, with their count', async () => {
    const res = await app().inject({
      method: 'POST',
      url: '/_admin/requests/find',
      headers: admin,
      payload: { method: 'POST', bodyContains: 'Track the parcel' },
    });
    expect(res.statusCode).toBe(200);
    expectMatchesAdminContract('findRequests', 200, res.json());
    expect(res.json().data.count).toBe(1);
    expect(res.json().data.requests[0].requestBody).toEqual({
      name: 'Courier',
      instruction: 'Track the parcel.',
    });
    const none = await app().inject({
      method: 'POST',
      url: '/_admin/requests/find',
      headers: admin,
      payload: { path: '/v1/*', bodyContains: 'track the parcel' },
    });
    expect(none.json().data).toEqual({ count: 0, requests: [] });
  });

  it('refuses a matcher the contract does not allow', async () => {
    const res = await app().inject({
      method: 'POST',
      url: '/_admin/requests/find',
      headers: admin,
      payload: { bodyContains: '', colour: 'blue' },
    });
    expect(res.statusCode).toBe(400);
    expectMatchesAdminContract('findRequests', 400, res.json());
    expect(
      res
        .json()
        .errors.map((e: { path: string }) => e.path)
        .sort(),
    ).toEqual(['/bodyContains', '/colour']);
  });

  it('empties the journal, saying how many entries went, and counts ids from 1 again', async () => {
    const res = await app().inject({ method: 'DELETE', url: '/_admin/requests', headers: admin });
    expect(res.statusCode).toBe(200);
    expectMatchesAdminContract('clearRequests', 200, res.json());
    expect(res.json().data).toEqual({ removed: 4 });
    expect(await journal()).toEqual([]);
    await app().inject({ url: '/v1/agents/view/1', headers: auth(TEST_TOKENS.all) });
    expect((await journal()).map((e) => e.id)).toEqual([1]);
  });
});
