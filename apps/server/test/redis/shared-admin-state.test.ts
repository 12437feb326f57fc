/**
 * The admin API's state of instances sharing a Redis is the deployment's: a fault rule or chat
 * fixture added through one applies on the others from their next request (`times` counted once
 * across them), the journal
 * of any lists every instance's requests, numbered across them and capped at JOURNAL_MAX per
 * account (JOURNAL_TOTAL_MAX in all, the account holding the most losing its oldest), and a
 * reset through one resets them all. Checked through the admin API, as a test suite uses it.
 */
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { expectMatchesAdminContract } from '../helpers/contract.js';
import { auth, TEST_TOKENS, testChatBody } from '../helpers/fixtures.js';
import { twoInstances } from '../helpers/shared-instances.js';

const POLL = { timeout: 60_000, interval: 20 };
const admin = (app: FastifyInstance, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  app.inject({
    method,
    url: `/_admin${url}`,
    headers: auth(TEST_TOKENS.operator),
    ...(payload ? { payload } : {}),
  });
const getAgent = (app: FastifyInstance, headers: Record<string, string> = {}) =>
  app.inject({ url: '/v1/agents/view/1', headers: { ...auth(TEST_TOKENS.all), ...headers } });

describe('fault rules of instances sharing a Redis', () => {
  it('apply on every instance from the next request, a rule with `times` firing exactly that often across them', async () => {
    const [one, two] = await twoInstances();
    const added = await admin(one, 'POST', '/faults', {
      match: { path: '/v1/agents/view/*' },
      fault: { code: 503 },
      times: 3,
    });
    expect(added.statusCode).toBe(201);
    expectMatchesAdminContract('addFault', 201, added.json());
    // The very next request either instance authenticates gets it, whoever added it.
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await getAgent(i % 2 === 0 ? two : one)).statusCode);
    expect(statuses).toEqual([503, 503, 503, 200, 200, 200]);
    for (const app of [one, two]) {
      const listed = await admin(app, 'GET', '/faults');
      expectMatchesAdminContract('listFaults', 200, listed.json());
      expect(listed.json().data.faults).toMatchObject([{ id: 1, times: 3, fired: 3 }]);
    }
  });

  it('are removed and cleared for every instance through any', async () => {
    const [one, two] = await twoInstances();
    await admin(one, 'POST', '/faults', { match: {}, fault: { code: 500 } });
    await admin(two, 'POST', '/faults', { match: {}, fault: { code: 502 } });
    expect(
      (await admin(one, 'GET', '/faults')).json().data.faults.map((rule: { id: number }) => rule.id),
    ).toEqual([1, 2]);
    expect((await getAgent(two)).statusCode).toBe(500);
    const removed = await admin(two, 'DELETE', '/faults/1');
    expect(removed.json().data).toMatchObject({ id: 1, fault: { code: 500 }, fired: 1 });
    expect((await getAgent(one)).statusCode).toBe(502);
    expect((await admin(one, 'DELETE', '/faults')).json().data).toEqual({ removed: 1 });
    expect((await getAgent(two)).statusCode).toBe(200);
  });
});

describe('the rules of accounts sharing a deployment', () => {
  it('are bounded per account across the instances: one account’s full list leaves room for others', async () => {
    const [one, two] = await twoInstances();
    const add = (app: FastifyInstance, token: string) =>
      app.inject({
        method: 'POST',
        url: '/_admin/faults',
        headers: auth(token),
        payload: { match: { path: '/v1/nowhere' }, fault: { code: 500 } },
      });
    for (let i = 0; i < 100; i++)
      expect((await add(i % 2 === 0 ? one : two, TEST_TOKENS.other)).statusCode).toBe(201);
    const refused = await add(one, TEST_TOKENS.other);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors[0].message).toMatch(/per account/);
    expect((await add(two, TEST_TOKENS.admin)).json().data.accountId).toBe(1);
    expect((await add(one, TEST_TOKENS.operator)).json().data.accountId).toBeNull();
    // Clearing account 2's through one instance frees its room on both.
    const cleared = await one.inject({
      method: 'DELETE',
      url: '/_admin/faults',
      headers: auth(TEST_TOKENS.other),
    });
    expect(cleared.json().data).toEqual({ removed: 100 });
    expect((await add(two, TEST_TOKENS.other)).statusCode).toBe(201);
    const left = await two.inject({ url: '/_admin/faults', headers: auth(TEST_TOKENS.operator) });
    expect(left.json().data.faults.map((rule: { accountId: number | null }) => rule.accountId)).toEqual([
      1,
      null,
      2,
    ]);
  });
});

describe('chat fixtures of instances sharing a Redis', () => {
  it('answer on every instance from the next chat, a fixture with `times` used exactly that often across them', async () => {
    const [one, two] = await twoInstances();
    const added = await admin(two, 'POST', '/chat-fixtures', {
      match: { messageContains: 'parcel' },
      answer: { content: 'It ships tomorrow.' },
      times: 2,
    });
    expectMatchesAdminContract('addChatFixture', 201, added.json());
    const chat = (app: FastifyInstance) =>
      app.inject({
        method: 'POST',
        url: '/v1/agents/chat/request',
        headers: auth(TEST_TOKENS.all),
        payload: testChatBody({
          message: { role: 'user', content: [{ type: 'text', text: 'Where is my parcel?' }] },
        }),
      });
    const content = async (app: FastifyInstance) => (await chat(app)).json().data.request[0].message.content;
    expect(await content(one)).toBe('It ships tomorrow.');
    expect(await content(two)).toBe('It ships tomorrow.');
    // Used up: the engine answers, on either instance.
    expect(await content(one)).not.toBe('It ships tomorrow.');
    expect(await content(two)).not.toBe('It ships tomorrow.');
    expect((await admin(one, 'GET', '/chat-fixtures')).json().data.fixtures).toMatchObject([
      { times: 2, used: 2 },
    ]);
  });
});

describe('the journal of instances sharing a Redis', () => {
  it('lists and finds the requests of every instance through any, numbered across them', async () => {
    const [one, two] = await twoInstances();
    await getAgent(one, { 'x-request-id': 'through-one' });
    await getAgent(two, { 'x-request-id': 'through-two' });
    await expect
      .poll(async () => (await admin(one, 'GET', '/requests')).json().data.requests.length, POLL)
      .toBe(2);
    for (const app of [one, two]) {
      const listed = await admin(app, 'GET', '/requests');
      expectMatchesAdminContract('listRequests', 200, listed.json());
      expect(
        listed
          .json()
          .data.requests.map((entry: { id: number; requestId: string }) => [entry.id, entry.requestId]),
      ).toEqual([
        [2, 'through-two'],
        [1, 'through-one'],
      ]);
    }
    const found = await admin(two, 'POST', '/requests/find', { path: '/v1/agents/view/*', status: 200 });
    expectMatchesAdminContract('findRequests', 200, found.json());
    expect(found.json().data.count).toBe(2);
    const cleared = await admin(two, 'DELETE', '/requests');
    expect(cleared.json().data).toEqual({ removed: 2 });
    expect((await admin(one, 'GET', '/requests')).json().data.requests).toEqual([]);
  });

  it('keeps JOURNAL_MAX entries across the instances, the oldest dropped first', async () => {
    const [one, two] = await twoInstances({ JOURNAL_MAX: '3' });
    for (let i = 1; i <= 5; i++) await getAgent(i % 2 === 0 ? two : one, { 'x-request-id': `request-${i}` });
    await expect
      .poll(
        async () =>
          (await admin(two, 'GET', '/requests'))
            .json()
            .data.requests.map((entry: { requestId: string }) => entry.requestId),
        POLL,
      )
      .toEqual(['request-5', 'request-4', 'request-3']);
  });

  it('keeps each account’s JOURNAL_MAX entries, another account’s requests never dropping them', async () => {
    const [one, two] = await twoInstances({ JOURNAL_MAX: '4', JOURNAL_TOTAL_MAX: '6' });
    const requestIds = async (token: string) =>
      (await one.inject({ url: '/_admin/requests', headers: auth(token) }))
        .json()
        .data.requests.map((entry: { requestId: string }) => entry.requestId);
    // An instance appends its entry once the answer has gone: the next request, sent to the other
    // instance, waits for it, so the journal's order is the order the requests were sent in.
    const get = async (app: FastifyInstance, id: string, token?: string) => {
      await app.inject({
        url: '/v1/agents/view/3',
        headers: { 'x-request-id': id, ...(token === undefined ? {} : auth(token)) },
      });
      await expect.poll(async () => (await requestIds(TEST_TOKENS.operator)).includes(id), POLL).toBe(true);
    };
    for (let i = 1; i <= 2; i++) await get(i % 2 ? one : two, `acme-${i}`, TEST_TOKENS.all);
    for (let i = 1; i <= 40; i++) await get(i % 2 ? one : two, `globex-${i}`, TEST_TOKENS.other);
    await expect
      .poll(() => requestIds(TEST_TOKENS.other), POLL)
      .toEqual(['globex-40', 'globex-39', 'globex-38', 'globex-37']);
    expect(await requestIds(TEST_TOKENS.admin)).toEqual(['acme-2', 'acme-1']);
    // At JOURNAL_TOTAL_MAX, the account holding the most loses its oldest entries, then the one
    // recording (the requests no token authenticated are one more account).
    for (let i = 1; i <= 3; i++) await get(i % 2 ? two : one, `anonymous-${i}`);
    await expect
      .poll(() => requestIds(TEST_TOKENS.operator), POLL)
      .toEqual(['anonymous-3', 'anonymous-2', 'globex-40', 'globex-39', 'acme-2', 'acme-1']);
    expect(await requestIds(TEST_TOKENS.admin)).toEqual(['acme-2', 'acme-1']);
    const cleared = await two.inject({
      method: 'DELETE',
      url: '/_admin/requests',
      headers: auth(TEST_TOKENS.other),
    });
    expect(cleared.json().data).toEqual({ removed: 2 });
    expect(await requestIds(TEST_TOKENS.operator)).toEqual([
      'anonymous-3',
      'anonymous-2',
      'acme-2',
      'acme-1',
    ]);
  });

  it('streams every instance’s new entries to a follower of any', async () => {
    const [one, two] = await twoInstances();
    const origin = await one.listen({ port: 0, host: '127.0.0.1' });
    const stream = await fetch(`${origin}/_admin/requests/stream`, { headers: auth(TEST_TOKENS.operator) });
    expect(stream.status).toBe(200);
    const reader = (stream.body as ReadableStream<Uint8Array>)
      .pipeThrough(new TextDecoderStream())
      .getReader();
    let received = '';
    // The follower subscribes as it connects; requests are sent until one reaches it.
    const sending = setInterval(() => void getAgent(two, { 'x-request-id': 'seen-from-one' }), 50);
    try {
      while (!received.includes('"requestId":"seen-from-one"')) {
        const { value, done } = await reader.read();
        if (done) break;
        received += value;
      }
    } finally {
      clearInterval(sending);
      await reader.cancel();
    }
    const event = received.split('\n\n').find((block) => block.includes('seen-from-one')) ?? '';
    expect(event).toMatch(/^event: request\ndata: /);
    const entry = JSON.parse(event.slice(event.indexOf('data: ') + 6));
    expectMatchesAdminContract('listRequests', 200, {
      success: true,
      message: 'Requests retrieved successfully',
      data: { requests: [entry] },
    });
    expect(entry).toMatchObject({ method: 'GET', path: '/v1/agents/view/1', status: 200 });
  });
});

describe('a reset through one of the instances sharing a Redis', () => {
  it('empties the journal, fault rules and chat fixtures of all of them', async () => {
    const [one, two] = await twoInstances();
    await admin(one, 'POST', '/faults', { match: { path: '/v1/agents/create' }, fault: { code: 500 } });
    await admin(one, 'POST', '/chat-fixtures', { match: {}, answer: { content: 'Scripted.' } });
    await getAgent(one);
    await expect
      .poll(async () => (await admin(two, 'GET', '/requests')).json().data.requests.length, POLL)
      .toBe(1);

    const reset = await admin(two, 'POST', '/reset');
    expect(reset.statusCode).toBe(200);
    for (const app of [one, two]) {
      expect((await admin(app, 'GET', '/faults')).json().data.faults).toEqual([]);
      expect((await admin(app, 'GET', '/chat-fixtures')).json().data.fixtures).toEqual([]);
      expect((await admin(app, 'GET', '/requests')).json().data.requests).toEqual([]);
    }
    // Ids start from 1 again, on whichever instance adds next.
    expect((await admin(one, 'POST', '/faults', { match: {}, fault: { code: 500 } })).json().data.id).toBe(1);
  });
});

describe('tokens of instances sharing a Redis and a database', () => {
  it('a token revoked through one is refused by the other, though it had it cached', async () => {
    const [one, two] = await twoInstances();
    expect((await two.inject({ url: '/v1/agents/view/1', headers: auth(TEST_TOKENS.read) })).statusCode).toBe(
      200,
    );
    const revoked = await admin(one, 'DELETE', '/tokens/3');
    expect(revoked.json().data).toMatchObject({ id: 3, name: 'read' });
    await expect
      .poll(
        async () =>
          (await two.inject({ url: '/v1/agents/view/1', headers: auth(TEST_TOKENS.read) })).statusCode,
        POLL,
      )
      .toBe(401);
  });
});
