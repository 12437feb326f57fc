import { describe, expect, it } from 'vitest';
import { expectMatchesAdminContract, expectMatchesContract } from '../helpers/contract.js';
import { auth, TEST_TOKENS, testChatBody } from '../helpers/fixtures.js';
import { useTestApp } from '../helpers/test-app.js';

const app = useTestApp({ RATE_LIMIT_MAX: '100000' });
let keys = 0;
const newKey = () => `key-${++keys}-${Date.now()}`;

const create = (body: object | string, key: string | undefined, token: string = TEST_TOKENS.all) =>
  app().inject({
    method: 'POST',
    url: '/v1/agents/create',
    headers: {
      ...auth(token),
      'content-type': 'application/json',
      ...(key === undefined ? {} : { 'idempotency-key': key }),
    },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });

const agentCount = async () => {
  const state = await app().inject({ url: '/_admin/state', headers: auth(TEST_TOKENS.operator) });
  return (state.json().data.agents as unknown[]).length;
};

describe('Idempotency-Key on POST /v1/agents/create', () => {
  it('answers the stored answer again for the same key and body, marked as a replay, creating one agent', async () => {
    const key = newKey();
    const before = await agentCount();
    const first = await create({ name: 'Once', instruction: 'Do it once.' }, key);
    expect(first.statusCode).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();

    // The same body with its keys in another order and other spacing is the same request.
    const again = await create('{ "instruction": "Do it once.",\n "name": "Once" }', key);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.headers['content-type']).toBe(first.headers['content-type']);
    expect(again.json()).toEqual(first.json());
    expectMatchesContract('createAgent', 201, again.json());
    // A replay is an answer of its own: its own request id.
    expect(again.headers['x-request-id']).not.toBe(first.headers['x-request-id']);
    expect(await agentCount()).toBe(before + 1);
  });

  it('answers 400 naming the header when the key comes back with another body', async () => {
    const key = newKey();
    expect((await create({ name: 'First', instruction: 'x' }, key)).statusCode).toBe(201);
    const other = await create({ name: 'Second', instruction: 'x' }, key);
    expect(other.statusCode).toBe(400);
    expectMatchesContract('createAgent', 400, other.json());
    expect(other.json().errors).toEqual([
      { path: 'header.idempotency-key', message: 'was used with another request' },
    ]);
  });

  it('shares keys between the tokens of one account, never with another account', async () => {
    const key = newKey();
    const body = { name: 'Shared key', instruction: 'x' };
    const first = await create(body, key, TEST_TOKENS.all);
    const sameAccount = await create(body, key, TEST_TOKENS.write);
    expect(sameAccount.headers['idempotent-replayed']).toBe('true');
    expect(sameAccount.json().data.id).toBe(first.json().data.id);

    const otherAccount = await create(body, key, TEST_TOKENS.other);
    expect(otherAccount.statusCode).toBe(201);
    expect(otherAccount.headers['idempotent-replayed']).toBeUndefined();
    expect(otherAccount.json().data.id).not.toBe(first.json().data.id);
  });

  it('refuses a key over 255 characters or with characters other than visible ASCII', async () => {
    for (const key of ['k'.repeat(256), 'two words']) {
      const res = await create({ name: 'Bad key', instruction: 'x' }, key);
      expect(res.statusCode).toBe(400);
      expectMatchesContract('createAgent', 400, res.json());
      expect(res.json().errors[0].path).toBe('header.idempotency-key');
    }
  });

  it('keeps no answer of a request that failed validation: the key stays free', async () => {
    const key = newKey();
    expect((await create({ name: 'No instruction' }, key)).statusCode).toBe(400);
    const valid = await create({ name: 'Now valid', instruction: 'x' }, key);
    expect(valid.statusCode).toBe(201);
    expect(valid.headers['idempotent-replayed']).toBeUndefined();
  });

  it('hashes a large body (parsed on a body worker) the same way', async () => {
    const key = newKey();
    const tool = (i: number) => ({
      type: 'function',
      function: {
        name: `tool_${i}`,
        description: 'd'.repeat(2000),
        parameters: { type: 'object', properties: {} },
      },
    });
    const body = {
      name: 'Large',
      instruction: 'i'.repeat(32_000),
      tools: Array.from({ length: 64 }, (_, i) => tool(i)),
    };
    expect(JSON.stringify(body).length).toBeGreaterThan(128 * 1024);
    const first = await create(body, key);
    expect(first.statusCode).toBe(201);
    const again = await create(body, key);
    expect(again.headers['idempotent-replayed']).toBe('true');
    const other = await create({ ...body, name: 'Large, other' }, key);
    expect(other.statusCode).toBe(400);
  });

  it('runs every request without a key', async () => {
    const before = await agentCount();
    await create({ name: 'Twice', instruction: 'x' }, undefined);
    await create({ name: 'Twice', instruction: 'x' }, undefined);
    expect(await agentCount()).toBe(before + 2);
  });

  it('is forgotten by a reset, and shown in the journal as a replay', async () => {
    const key = newKey();
    const body = { name: 'Journaled', instruction: 'x' };
    await create(body, key);
    await create(body, key);
    const journal = await app().inject({
      url: '/_admin/requests?path=/v1/agents/create&limit=2',
      headers: auth(TEST_TOKENS.operator),
    });
    expectMatchesAdminContract('listRequests', 200, journal.json());
    const [replayed, original] = journal.json().data.requests;
    expect(replayed.responseHeaders['idempotent-replayed']).toBe('true');
    expect(replayed.requestHeaders['idempotency-key']).toBe(key);
    expect(original.responseHeaders['idempotent-replayed']).toBeUndefined();

    await app().inject({ method: 'POST', url: '/_admin/reset', headers: auth(TEST_TOKENS.operator) });
    const afterReset = await create(body, key);
    expect(afterReset.statusCode).toBe(201);
    expect(afterReset.headers['idempotent-replayed']).toBeUndefined();
  });
});

describe('Idempotency-Key on the other POSTs', () => {
  const chat = (body: object, key: string) =>
    app().inject({
      method: 'POST',
      url: '/v1/agents/chat/request',
      headers: { ...auth(TEST_TOKENS.all), 'idempotency-key': key },
      payload: body,
    });

  it('replays a chat answer, and refuses a key on a streamed chat', async () => {
    const key = newKey();
    const first = await chat(testChatBody(), key);
    expect(first.statusCode).toBe(200);
    const again = await chat(testChatBody(), key);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());

    const streamed = await chat(testChatBody({ stream: true }), newKey());
    expect(streamed.statusCode).toBe(400);
    expectMatchesContract('chatRequest', 400, streamed.json());
    expect(streamed.json().errors).toEqual([
      {
        path: 'header.idempotency-key',
        message: 'cannot be used with stream: true (a streamed answer is not stored)',
      },
    ]);
  });

  it('keeps a chat answered 404 (an unknown agent to hand off to): the same request is still 404', async () => {
    const key = newKey();
    const first = await chat(testChatBody({ agents: [999_999] }), key);
    expect(first.statusCode).toBe(404);
    const again = await chat(testChatBody({ agents: [999_999] }), key);
    expect(again.statusCode).toBe(404);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expectMatchesContract('chatRequest', 404, again.json());
  });

  it('keeps no answer over 256 KiB (embeddings of many sentences): the same key runs again', async () => {
    const key = newKey();
    const embed = () =>
      app().inject({
        method: 'POST',
        url: '/v1/vectors/embedding',
        headers: { ...auth(TEST_TOKENS.all), 'idempotency-key': key },
        payload: {
          sentences: Array.from(
            { length: 256 },
            (_, i) => `Where is parcel ${i} of order A-${1000 + i}, sent to Berlin on day ${i % 28}?`,
          ),
        },
      });
    const first = await embed();
    expect(first.statusCode).toBe(200);
    expect(first.body.length).toBeGreaterThan(256 * 1024);
    const again = await embed();
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBeUndefined();
  });

  it('treats the same key on another operation as another request', async () => {
    const key = newKey();
    expect((await create({ name: 'Agent', instruction: 'x' }, key)).statusCode).toBe(201);
    const embeddings = await app().inject({
      method: 'POST',
      url: '/v1/vectors/embedding',
      headers: { ...auth(TEST_TOKENS.all), 'idempotency-key': key },
      payload: { sentences: ['hello'] },
    });
    expect(embeddings.statusCode).toBe(400);
    expect(embeddings.json().errors[0].path).toBe('header.idempotency-key');
  });
});
