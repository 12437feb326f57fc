/**
 * Idempotency keys over real HTTP: two servers sharing one database (a SQLite file, or a PostgreSQL
 * database in `server:postgres`) honour each other's keys: the same create sent to both at once
 * makes one agent; a chat's key in flight answers 409 on its server (and, on PostgreSQL, on the
 * other), then its stored answer; on one SQLite file the other server may compute it too, and both
 * answer the first answer stored. A `dropAnswer` fault loses an answer after the work is done, and
 * the retention and per-account bounds forget old keys, never another account's.
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
import { openRaw } from '../helpers/raw-socket.js';
import { serverModule } from '../helpers/server-module.js';
import { persistentTestDatabaseUrl, TEST_STORE, testDatabaseUrl } from '../helpers/test-store.js';

let upstream: FakeUpstream;
let first: ReferenceServer;
let second: ReferenceServer;

const post = (
  server: ReferenceServer,
  path: string,
  body: object,
  headers: Record<string, string> = {},
  token: string = TEST_TOKENS.all,
) =>
  fetch(`${server.baseUrl}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...headers },
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

/** A fake model server holding each chat until the test lets it answer, in arrival order. */
function heldUpstream() {
  const waiting: (() => void)[] = [];
  upstream.received.length = 0;
  upstream.handle(async (_request, res) => {
    const turn = upstream.received.length;
    await new Promise<void>((resolve) => waiting.push(resolve));
    sendJson(res, 200, completion(`Answer ${turn}`, 'stop'));
  });
  return { answerNext: () => waiting.shift()?.() };
}

/**
 * Waits until the upstream got `count` chats, failing at once, with what it answered, if one of
 * the `pending` requests was answered before its chat reached the upstream.
 */
async function untilUpstreamGot(count: number, ...pending: Promise<Response>[]): Promise<void> {
  let waiting = true;
  const answeredEarly = pending.map(async (answer) => {
    const response = await answer;
    if (!waiting) return;
    const body = await response.clone().text();
    throw new Error(`answered ${response.status} before the upstream got its chat: ${body}`);
  });
  try {
    await Promise.race([expect.poll(() => upstream.received.length).toBe(count), ...answeredEarly]);
  } finally {
    waiting = false;
  }
}

describe('two servers sharing one database', () => {
  it('answer 409 with Retry-After for a chat key in flight on the same server, then its stored answer', async () => {
    const held = heldUpstream();
    const headers = { 'idempotency-key': 'chat-in-flight' };
    const pending = post(first, '/agents/chat/request', testChatBody(), headers);
    await untilUpstreamGot(1, pending);

    const conflict = await post(first, '/agents/chat/request', testChatBody(), headers);
    expect(conflict.status).toBe(409);
    expect(conflict.headers.get('retry-after')).toBe('1');
    const envelope = await conflict.json();
    expectMatchesContract('chatRequest', 409, envelope);
    expect(envelope).toEqual({
      success: false,
      message: 'A request with this Idempotency-Key is still in progress',
    });
    if (TEST_STORE === 'postgres') {
      // The hold is a session lock every instance on the database sees.
      const elsewhere = await post(second, '/agents/chat/request', testChatBody(), headers);
      expect(elsewhere.status).toBe(409);
    }

    held.answerNext();
    const original = await pending;
    expect(original.status).toBe(200);
    for (const server of [first, second]) {
      const replayed = await post(server, '/agents/chat/request', testChatBody(), headers);
      expect(replayed.headers.get('idempotent-replayed')).toBe('true');
      expect(await replayed.json()).toEqual(await original.clone().json());
    }
    expect(upstream.received).toHaveLength(1);
  });

  // Only SQLite lets the other server compute it (PostgreSQL's 409 on the other is checked above):
  // on PostgreSQL this case does not exist, so it is not registered rather than reported skipped.
  if (TEST_STORE === 'sqlite')
    it('on one SQLite file, may compute a chat key in flight on the other too: both answer the first answer stored', async () => {
      const held = heldUpstream();
      const headers = { 'idempotency-key': 'chat-on-both' };
      const onFirst = post(first, '/agents/chat/request', testChatBody(), headers);
      await untilUpstreamGot(1, onFirst);
      const onSecond = post(second, '/agents/chat/request', testChatBody(), headers);
      await untilUpstreamGot(2, onFirst, onSecond);

      held.answerNext();
      const stored = await onFirst;
      expect(stored.headers.get('idempotent-replayed')).toBeNull();
      held.answerNext();
      const other = await onSecond;
      // The second computed "Answer 2", but the first answer stored is the key's answer.
      expect(other.headers.get('idempotent-replayed')).toBe('true');
      expect(await other.json()).toEqual(await stored.json());
    });

  it('make one agent of the same create sent to both at once, and answer it on both', async () => {
    const body = { name: `Sent twice ${Date.now()}`, instruction: 'x' };
    const headers = { 'idempotency-key': 'create-on-both' };
    const answers = await Promise.all(
      [first, second, first, second].map((server) => post(server, '/agents/create', body, headers)),
    );
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201, 201]);
    const bodies = await Promise.all(
      answers.map((answer) => answer.json() as Promise<{ data: { id: number } }>),
    );
    expect(new Set(bodies.map((created) => created.data.id)).size).toBe(1);
    expect(answers.filter((answer) => answer.headers.get('idempotent-replayed') === null)).toHaveLength(1);
    const agents = (await first.admin.state.export()).agents ?? [];
    expect(agents.filter((agent) => agent.name === body.name)).toHaveLength(1);
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

describe('a client that leaves before its answer', () => {
  it('leaves one agent whatever moment it left at: the retry with its key replays or creates it', async () => {
    const names: string[] = [];
    for (let i = 0; i < 10; i++) {
      const name = `Left at ${i} ${Date.now()}`;
      names.push(name);
      const body = JSON.stringify({ name, instruction: 'x' });
      const { socket, closed } = await openRaw(first.baseUrl);
      socket.write(
        `POST /v1/agents/create HTTP/1.1\r\nhost: x\r\nauthorization: Bearer ${TEST_TOKENS.all}\r\n` +
          `content-type: application/json\r\nidempotency-key: left-${i}\r\ncontent-length: ${body.length}\r\n\r\n${body}`,
      );
      // Gone at once, or after a few milliseconds: before, during or after the server's work.
      await new Promise((resolve) => setTimeout(resolve, i));
      socket.destroy();
      await closed;
      const retried = await post(
        second,
        '/agents/create',
        { name, instruction: 'x' },
        { 'idempotency-key': `left-${i}` },
      );
      expect(retried.status).toBe(201);
    }
    const agents = (await first.admin.state.export()).agents ?? [];
    for (const name of names) expect(agents.filter((agent) => agent.name === name)).toHaveLength(1);
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

  it("keeps at most IDEMPOTENCY_MAX_RECORDS keys per account: another account's keys never push one out", async () => {
    const server = await serverModule.startReferenceServer({
      seed: testSeed,
      env: { DATABASE_URL: await testDatabaseUrl(), IDEMPOTENCY_MAX_RECORDS: '2', RATE_LIMIT_MAX: '100000' },
    });
    try {
      const mine = { name: `Account one's ${Date.now()}`, instruction: 'x' };
      const created = await post(server, '/agents/create', mine, { 'idempotency-key': 'mine' });
      expect(created.status).toBe(201);
      // Another account stores three batches' worth of keys: its own cap is trimmed three times.
      const theirs = { name: 'Account two', instruction: 'x' };
      for (let batch = 0; batch < 20; batch++)
        await Promise.all(
          Array.from({ length: 10 }, (_, i) =>
            post(
              server,
              '/agents/create',
              theirs,
              { 'idempotency-key': `theirs-${batch * 10 + i}` },
              TEST_TOKENS.other,
            ),
          ),
        );

      const retried = await post(server, '/agents/create', mine, { 'idempotency-key': 'mine' });
      expect(retried.status).toBe(201);
      expect(retried.headers.get('idempotent-replayed')).toBe('true');
      const idOf = async (answer: Response) => ((await answer.json()) as { data: { id: number } }).data.id;
      expect(await idOf(retried)).toBe(await idOf(created));
      const agents = (await server.admin.state.export()).agents ?? [];
      expect(agents.filter((agent) => agent.name === mine.name)).toHaveLength(1);
      // The other account's own oldest keys went past its cap.
      const oldest = await post(
        server,
        '/agents/create',
        theirs,
        { 'idempotency-key': 'theirs-0' },
        TEST_TOKENS.other,
      );
      expect(oldest.headers.get('idempotent-replayed')).toBeNull();
    } finally {
      await server.close();
    }
  });

  it('keeps at most IDEMPOTENCY_MAX_RECORDS keys of an account (plus a batch), forgetting its oldest first', async () => {
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
