/**
 * Cost limits: a token may have only a few chat/embeddings requests in flight. The model server is a
 * real HTTP stand-in that holds every request until released, so "in flight" is certain, not timed.
 */
import {
  chatUpstreamEnv,
  completion,
  type FakeUpstream,
  sendJson,
  startFakeUpstream,
} from '@assistant-platform/engines/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, stopAllServers } from '../helpers/cli-process.js';
import { expectMatchesContract } from '../helpers/contract.js';
import { TEST_TOKENS, testChatBody } from '../helpers/fixtures.js';
import { type HostileServer, startHostileServer } from './hostile-server.js';
import { type Answer, call, expectHealthy } from './http-probe.js';
import { DEFAULT_LIMITS, LIMITS_ENV } from './limits-env.js';

const LIMIT = DEFAULT_LIMITS.heavyRequestsPerToken;
let upstream: FakeUpstream;
let server: HostileServer;
/** Releases the requests the model server holds. */
const held: (() => void)[] = [];

beforeAll(async () => {
  ensureBuilt();
  upstream = await startFakeUpstream();
  upstream.handle((_request, res) => {
    held.push(() => sendJson(res, 200, completion('Held answer', 'stop')));
  });
  server = await startHostileServer({
    ...chatUpstreamEnv(upstream.url, 'upstream-model'),
    [LIMITS_ENV.maxHeavyRequestsPerToken]: String(LIMIT),
  });
}, 120_000);
afterAll(async () => {
  for (const release of held.splice(0)) release();
  await stopAllServers();
  await upstream?.close();
});

const chat = (token: string = TEST_TOKENS.all) =>
  call(server.origin, 'POST', '/v1/agents/chat/request', testChatBody(), { token, timeoutMs: 15_000 });
const embed = (token: string = TEST_TOKENS.all) =>
  call(
    server.origin,
    'POST',
    '/v1/vectors/embedding',
    { sentences: ['hello'] },
    { token, timeoutMs: 15_000 },
  );

/** Waits (bounded) until the model server holds `count` requests. */
async function untilHeld(count: number): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (held.length < count) {
    if (Date.now() > deadline) throw new Error(`the model server holds ${held.length} of ${count} requests`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function expectLimited(res: Answer, operationId: 'chatRequest' | 'createEmbeddings'): void {
  expect(res.status).toBe(429);
  expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  expectMatchesContract(operationId, 429, res.body);
}

describe('heavy requests in flight per token', { timeout: 60_000 }, () => {
  it(`the ${LIMIT + 1}th chat or embeddings request of a token → 429 with Retry-After; others are unaffected`, async () => {
    const inFlight = Array.from({ length: LIMIT }, () => chat());
    await untilHeld(LIMIT);

    expectLimited(await chat(), 'chatRequest');
    expectLimited(await embed(), 'createEmbeddings');

    // Another token, and non-heavy operations of the same one, still work.
    const other = await embed(TEST_TOKENS.other);
    expect(other.status).toBe(200);
    const view = await call(server.origin, 'GET', '/v1/agents/view/1');
    expect(view.status).toBe(200);
    await expectHealthy(server.origin);

    for (const release of held.splice(0)) release();
    for (const res of await Promise.all(inFlight)) {
      expect(res.status).toBe(200);
      expectMatchesContract('chatRequest', 200, res.body);
    }

    // The slots are free again.
    const after = await embed();
    expect(after.status).toBe(200);
    expectMatchesContract('createEmbeddings', 200, after.body);
  });
});
