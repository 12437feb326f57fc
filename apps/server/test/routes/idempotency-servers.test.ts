/**
 * Idempotency keys over real HTTP: two servers sharing one database (a SQLite file, or a PostgreSQL
 * database in `server:postgres`) honour each other's keys
 * (a key in flight on one answers 409 on the other, then its stored answer), a `dropAnswer` fault
 * loses an answer after the work is done, and the retention and record bounds forget old keys.
 */
import {
  chatUpstreamEnv,
  completion,
  type FakeUpstream,
  sendJson,
  startFakeUpstream,
} from '@assistant-platform/engines/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReferenceServer } from '../../src/index.js';
import { expectMatchesContract } from '../helpers/contract.js';
import { TEST_TOKENS, testChatBody, testSeed } from '../helpers/fixtures.js';
import { serverModule } from '../helpers/server-module.js';
import { persistentTestDatabaseUrl, testDatabaseUrl } from '../helpers/test-store.js';

let upstream: FakeUpstream;
let first: ReferenceServer;
let second: ReferenceServer;

const post = (server: ReferenceServer, path: string, body: object, headers: Record<string, string> = {}) =>
  fetch(`${server.baseUrl}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${TEST_TOKENS.all}`, 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

beforeAll(async () => {
  upstream = await startFakeUpstream();
  const env = {
    DATABASE_URL: await persistentTestDatabaseUrl(),
    RATE_LIMIT_MAX: '100000',
    ...chatUpstreamEnv(upstream.url),
  };
  first = await serverModule.startReferenceServer({ seed: testSeed, env });
  second = await serverModule.startReferenceServer({ seed: testSeed, env });
});
afterAll(async () => {
  await Promise.all([first?.close(), second?.close()]);
  await upstream?.close();
});

describe('two servers sharing one database', () => {
  it('answer 409 with Retry-After for a key in flight on the other, then its stored answer', async () => {
    let answer: () => void = () => {};
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    upstream.handle(async (_request, res) => {
      await answered;
      sendJson(res, 200, completion('Answered once', 'stop'));
    });
    upstream.received.length = 0;
    const headers = { 'idempotency-key': 'chat-in-flight' };
    const pending = post(first, '/agents/chat/request', testChatBody(), headers);
    await expect.poll(() => upstream.received.length).toBe(1);

    const conflict = await post(second, '/agents/chat/request', testChatBody(), headers);
    expect(conflict.status).toBe(409);
    expect(conflict.headers.get('retry-after')).toBe('1');
    const envelope = await conflict.json();
    expectMatchesContract('chatRequest', 409, envelope);
    expect(envelope).toEqual({
      success: false,
      message: 'A request with this Idempotency-Key is still in progress',
    });

    answer();
    const original = await pending;
    expect(original.status).toBe(200);
    const replayed = await post(second, '/agents/chat/request', testChatBody(), headers);
    expect(replayed.headers.get('idempotent-replayed')).toBe('true');
    expect(await replayed.json()).toEqual(await original.json());
    expect(upstream.received).toHaveLength(1);
  });

  it('keep no 5xx answer: the same key runs the operation again', async () => {
    upstream.handle((_request, res) => sendJson(res, 500, { error: { message: 'down' } }));
    upstream.received.length = 0;
    const headers = { 'idempotency-key': 'chat-failed' };
    expect((await post(first, '/agents/chat/request', testChatBody(), headers)).status).toBe(500);
    upstream.handle((_request, res) => sendJson(res, 200, completion('Back up', 'stop')));
    const retried = await post(second, '/agents/chat/request', testChatBody(), headers);
    expect(retried.status).toBe(200);
    expect(retried.headers.get('idempotent-replayed')).toBeNull();
    expect(upstream.received).toHaveLength(2);
  });

  it('replay on one the agent the other created', async () => {
    const headers = { 'idempotency-key': 'agent-on-first' };
    const created = await post(first, '/agents/create', { name: 'Shared', instruction: 'x' }, headers);
    const replayed = await post(second, '/agents/create', { name: 'Shared', instruction: 'x' }, headers);
    expect(replayed.status).toBe(201);
    expect(replayed.headers.get('idempotent-replayed')).toBe('true');
    expect(await replayed.json()).toEqual(await created.json());
  });
});

describe('a dropped answer (the dropAnswer fault)', () => {
  it('creates the agent, closes the connection, and the same key then answers what was lost', async () => {
    const body = { name: 'Lost answer', instruction: 'x' };
    const headers = { 'idempotency-key': 'lost-answer' };
    const before = ((await first.admin.state.export()).agents ?? []).length;
    await expect(
      post(first, '/agents/create', body, { ...headers, prefer: 'drop-answer' }),
    ).rejects.toThrow();
    expect(((await first.admin.state.export()).agents ?? []).length).toBe(before + 1);

    const retried = await post(first, '/agents/create', body, headers);
    expect(retried.status).toBe(201);
    expect(retried.headers.get('idempotent-replayed')).toBe('true');
    expect(((await first.admin.state.export()).agents ?? []).length).toBe(before + 1);

    const [entry] = (await first.admin.find({ path: '/v1/agents/create' })).requests.filter(
      (request) => request.requestHeaders.prefer === 'drop-answer',
    );
    expect(entry).toMatchObject({
      outcome: 'reset',
      fault: { source: 'prefer', fault: { dropAnswer: true } },
    });
  });
});

describe('bounds', () => {
  it('forgets a key past its retention', async () => {
    const server = await serverModule.startReferenceServer({
      seed: testSeed,
      env: { DATABASE_URL: await testDatabaseUrl(), IDEMPOTENCY_RETENTION_MS: '1' },
    });
    try {
      const headers = { 'idempotency-key': 'short-lived' };
      await post(server, '/agents/create', { name: 'A', instruction: 'x' }, headers);
      await new Promise((resolve) => setTimeout(resolve, 5));
      const later = await post(server, '/agents/create', { name: 'B', instruction: 'x' }, headers);
      expect(later.status).toBe(201);
      expect(later.headers.get('idempotent-replayed')).toBeNull();
    } finally {
      await server.close();
    }
  });

  it('keeps at most IDEMPOTENCY_MAX_RECORDS keys (plus a batch), forgetting the oldest first', async () => {
    const server = await serverModule.startReferenceServer({
      seed: testSeed,
      env: { DATABASE_URL: await testDatabaseUrl(), IDEMPOTENCY_MAX_RECORDS: '1', RATE_LIMIT_MAX: '100000' },
    });
    try {
      const body = { name: 'Bounded', instruction: 'x' };
      for (let i = 0; i < 64; i++)
        await post(server, '/agents/create', body, { 'idempotency-key': `bounded-${i}` });
      const oldest = await post(server, '/agents/create', body, { 'idempotency-key': 'bounded-0' });
      expect(oldest.headers.get('idempotent-replayed')).toBeNull();
      const newest = await post(server, '/agents/create', body, { 'idempotency-key': 'bounded-63' });
      expect(newest.headers.get('idempotent-replayed')).toBe('true');
    } finally {
      await server.close();
    }
  });
});
