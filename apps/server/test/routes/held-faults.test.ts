/**
 * Faults that hold a connection (`delay`, `ttft`, `tps`, `disconnect-after`, from `Prefer` or a
 * rule) are in-flight work: they take their token's in-flight slots (MAX_HEAVY_REQUESTS_PER_TOKEN,
 * 2 here), shared with chat and embeddings, and their values are capped by the contract. Over
 * real HTTP, two accounts: what one account's held requests cost the other is nothing.
 */
import { ADMIN_LIMITS } from '@assistant-platform/types/admin';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type ReferenceServer, startReferenceServer } from '../../src/index.js';
import { expectMatchesContract } from '../helpers/contract.js';
import { auth, TEST_TOKENS, testChatBody, testSeed } from '../helpers/fixtures.js';
import { testDatabaseUrl } from '../helpers/test-store.js';

let server: ReferenceServer;
/** Every request a test leaves held is abandoned after it, which frees its slot. */
const leaving: AbortController[] = [];

beforeAll(async () => {
  server = await startReferenceServer({
    seed: testSeed,
    env: { DATABASE_URL: await testDatabaseUrl(), MAX_HEAVY_REQUESTS_PER_TOKEN: '2' },
  });
});
afterAll(async () => {
  await server?.close();
});
afterEach(async () => {
  for (const controller of leaving.splice(0)) controller.abort();
  await server.admin.faults.clear();
  // Until the server has seen them go, their slots are taken: wait for both tokens to be free.
  for (const token of [TEST_TOKENS.all, TEST_TOKENS.other])
    await vi.waitFor(async () => expect((await probe(token)).status).toBe(503), WAIT);
});

const WAIT = { timeout: 60_000, interval: 50 };

/**
 * A GET of agent 1 with `prefer` (or the request `init` describes), abandoned after the test if it
 * is still waiting. Sent again while it meets a 429: the probes below take a slot for a moment,
 * and one may have held the slot this request came for.
 */
async function held(token: string, prefer: string, init: RequestInit = {}): Promise<Response | undefined> {
  const controller = new AbortController();
  leaving.push(controller);
  for (;;) {
    const response = await fetch(
      `${server.baseUrl}${init.method === 'POST' ? '/agents/chat/request' : '/agents/view/1'}`,
      {
        ...init,
        headers: {
          ...auth(token),
          prefer,
          ...(init.method === 'POST' ? { 'content-type': 'application/json' } : {}),
        },
        signal: controller.signal,
      },
    ).catch(() => undefined);
    if (response?.status !== 429) return response;
  }
}

/**
 * A request that takes a slot if one is free and then answers 503 at once (a 1 ms delay holds a
 * slot, `code` ends it): 429 says the token has none free.
 */
const probe = (token: string) =>
  fetch(`${server.baseUrl}/agents/view/1`, { headers: { ...auth(token), prefer: 'delay=1, code=503' } });

const untilFull = (token: string) =>
  vi.waitFor(async () => expect((await probe(token)).status).toBe(429), WAIT);

/** A GET of an agent of the token's account (1 of Acme's, 3 of Globex's). */
const get = (token: string, prefer?: string) =>
  fetch(`${server.baseUrl}/agents/view/${token === TEST_TOKENS.other ? 3 : 1}`, {
    headers: { ...auth(token), ...(prefer ? { prefer } : {}) },
  });

describe('faults that hold a connection, per token', { timeout: 60_000 }, () => {
  it('take in-flight slots: past the limit a delayed request answers 429 with Retry-After: 1', async () => {
    void held(TEST_TOKENS.all, 'delay=30000');
    void held(TEST_TOKENS.all, 'delay=30000');
    await untilFull(TEST_TOKENS.all);
    const refused = await get(TEST_TOKENS.all, 'delay=30000');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('1');
    expectMatchesContract('getAgent', 429, await refused.json());
    // A request that holds nothing is not in flight: the token is still served.
    expect((await get(TEST_TOKENS.all)).status).toBe(200);
    // The other account's token has slots of its own.
    expect((await get(TEST_TOKENS.other, 'delay=50')).status).toBe(200);
  });

  it('share the slots of chat and embeddings', async () => {
    void held(TEST_TOKENS.all, 'delay=30000');
    // A streamed chat whose first event (and so its answer's head) waits 30 s.
    void held(TEST_TOKENS.all, 'ttft=30000', {
      method: 'POST',
      body: JSON.stringify(testChatBody({ stream: true })),
    });
    await untilFull(TEST_TOKENS.all);
    const chat = await fetch(`${server.baseUrl}/agents/chat/request`, {
      method: 'POST',
      headers: { ...auth(TEST_TOKENS.all), 'content-type': 'application/json' },
      body: JSON.stringify(testChatBody()),
    });
    expect(chat.status).toBe(429);
    expectMatchesContract('chatRequest', 429, await chat.json());
    const embeddings = await fetch(`${server.baseUrl}/vectors/embedding`, {
      method: 'POST',
      headers: { ...auth(TEST_TOKENS.all), 'content-type': 'application/json' },
      body: JSON.stringify({ sentences: ['hello'] }),
    });
    expect(embeddings.status).toBe(429);
    // The other account chats as usual.
    const otherChat = await fetch(`${server.baseUrl}/agents/chat/request`, {
      method: 'POST',
      headers: { ...auth(TEST_TOKENS.other), 'content-type': 'application/json' },
      body: JSON.stringify(testChatBody()),
    });
    expect(otherChat.status).toBe(200);
  });

  it('free their slot when their client goes away', async () => {
    const first = held(TEST_TOKENS.all, 'delay=30000');
    void held(TEST_TOKENS.all, 'delay=30000');
    await untilFull(TEST_TOKENS.all);
    leaving[0]?.abort();
    expect(await first).toBeUndefined();
    await vi.waitFor(async () => expect((await probe(TEST_TOKENS.all)).status).toBe(503), WAIT);
  });

  it('count when a rule applies them too, to the tokens it matches', async () => {
    await server.admin.faults.add({ match: { tokenName: 'all' }, fault: { delayMs: 30_000 } });
    void held(TEST_TOKENS.all, 'return=minimal');
    void held(TEST_TOKENS.all, 'return=minimal');
    await untilFull(TEST_TOKENS.all);
    const refused = await get(TEST_TOKENS.all);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('1');
    // The rule does not match the other account's token, which is answered at once.
    const other = await get(TEST_TOKENS.other);
    expect(other.status).toBe(200);
    expect(((await other.json()) as { data: { id: number } }).data.id).toBe(3);
  });
});

describe('the caps of fault values', () => {
  it('are the contract’s: delay and ttft at most 30000 ms', () => {
    expect(ADMIN_LIMITS.Fault.delayMs.maximum).toBe(30_000);
    expect(ADMIN_LIMITS.Fault.ttftMs.maximum).toBe(30_000);
  });

  it('answer 400 naming header.prefer past them', async () => {
    for (const prefer of ['delay=30001', 'ttft=30001', 'tps=0.01', 'disconnect-after=100001']) {
      const res = await get(TEST_TOKENS.all, prefer);
      expect(res.status, prefer).toBe(400);
      const body = (await res.json()) as { errors: unknown };
      expectMatchesContract('getAgent', 400, body);
      expect(body.errors).toEqual([
        { path: 'header.prefer', message: expect.stringMatching(/^[a-z-]+=[0-9.]+: /) },
      ]);
    }
  });
});
