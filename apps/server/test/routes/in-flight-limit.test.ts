/**
 * At most MAX_HEAVY_REQUESTS_PER_TOKEN (2 here) chat and embeddings requests per token in flight,
 * over real HTTP against a real upstream that holds its answers until the test lets them go.
 */

import type { ServerResponse } from 'node:http';
import {
  chatUpstreamEnv,
  chunk,
  type FakeUpstream,
  startFakeUpstream,
} from '@assistant-platform/engines/testing';
import { BUSY_MESSAGE } from '@assistant-platform/types';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ReferenceServer, startReferenceServer } from '../../src/index.js';
import { expectMatchesContract } from '../helpers/contract.js';
import { auth, TEST_TOKENS, testChatBody, testSeed } from '../helpers/fixtures.js';
import { testDatabaseUrl } from '../helpers/test-store.js';

let upstream: FakeUpstream;
let server: ReferenceServer;
/** Upstream answers waiting for the test: each call sends its answer. */
const held: (() => void)[] = [];

beforeAll(async () => {
  upstream = await startFakeUpstream();
  server = await startReferenceServer({
    seed: testSeed,
    env: {
      DATABASE_URL: await testDatabaseUrl(),
      MAX_HEAVY_REQUESTS_PER_TOKEN: '2',
      ...chatUpstreamEnv(upstream.url),
      EMBEDDINGS_ENGINE: 'openai',
      EMBEDDINGS_UPSTREAM_URL: upstream.url,
      EMBEDDINGS_MODEL_MAP: JSON.stringify({ 'svc-embeddings-v1-20241001': 'nomic-embed-text' }),
    },
  });
});
afterAll(async () => {
  releaseAll();
  await server?.close();
  await upstream?.close();
});
beforeEach(() => {
  upstream.received.length = 0;
  holdAnswers(true);
});

/**
 * The adapter asks the upstream for a stream for every chat: each gets a first chunk, then waits
 * for `releaseAll()` while `hold`, or ends at once.
 */
function holdAnswers(hold: boolean) {
  upstream.handle((_request, res: ServerResponse) => {
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    res.write(`data: ${JSON.stringify(chunk('Hello'))}\n\n`);
    const end = () => res.end(`data: ${JSON.stringify(chunk('', 'stop'))}\n\ndata: [DONE]\n\n`);
    if (hold) held.push(end);
    else end();
  });
}

function releaseAll() {
  for (const release of held.splice(0)) release();
}

const chat = (token: string, extra: Record<string, unknown> = {}, signal?: AbortSignal) =>
  fetch(`${server.baseUrl}/agents/chat/request`, {
    method: 'POST',
    headers: { ...auth(token), 'content-type': 'application/json' },
    body: JSON.stringify(testChatBody(extra)),
    ...(signal ? { signal } : {}),
  });

const untilUpstreamHas = (count: number) =>
  vi.waitFor(() => expect(upstream.received.length).toBe(count), { timeout: 60_000, interval: 20 });

describe('chat and embeddings requests in flight per token', () => {
  it('answers 429 with Retry-After: 1 past the limit, and lets a request in once one ends', async () => {
    const first = [chat(TEST_TOKENS.all), chat(TEST_TOKENS.all)];
    await untilUpstreamHas(2);

    const refused = await chat(TEST_TOKENS.all);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('1');
    const envelope = (await refused.json()) as { message: string };
    expectMatchesContract('chatRequest', 429, envelope);
    // Nothing was counted: the token's own earlier work is in flight, so not the rate limit's text.
    expect(envelope.message).toBe(BUSY_MESSAGE);
    // Embeddings share the same budget.
    const embeddings = await fetch(`${server.baseUrl}/vectors/embedding`, {
      method: 'POST',
      headers: { ...auth(TEST_TOKENS.all), 'content-type': 'application/json' },
      body: JSON.stringify({ sentences: ['hello'] }),
    });
    expect(embeddings.status).toBe(429);
    // Another token (another account) has its own budget.
    const other = chat(TEST_TOKENS.other);
    await untilUpstreamHas(3);

    releaseAll();
    for (const response of [...(await Promise.all(first)), await other]) expect(response.status).toBe(200);
    const again = chat(TEST_TOKENS.all);
    await untilUpstreamHas(4);
    releaseAll();
    expect((await again).status).toBe(200);
  }, 120_000);

  it('frees the slot of a stream when its client goes away, and when it ends', async () => {
    const leaving = new AbortController();
    const streams = [
      await chat(TEST_TOKENS.all, { stream: true }, leaving.signal),
      await chat(TEST_TOKENS.all, { stream: true }),
    ];
    for (const stream of streams) expect(stream.status).toBe(200);
    expect((await chat(TEST_TOKENS.all)).status).toBe(429);

    holdAnswers(false);
    leaving.abort();
    // The server learns of the disconnect a moment later; until then the answer is still 429.
    const admitted = await vi.waitFor(
      async () => {
        const response = await chat(TEST_TOKENS.all);
        expect(response.status).not.toBe(429);
        return response;
      },
      { timeout: 10_000, interval: 50 },
    );
    expect(admitted.status).toBe(200);
    releaseAll();
    // The other stream ended normally with the release: two new ones fit again.
    expect(await (streams[1] as Response).text()).toContain('[DONE]');
    const next = [
      await chat(TEST_TOKENS.all, { stream: true }),
      await chat(TEST_TOKENS.all, { stream: true }),
    ];
    for (const stream of next) expect(stream.status).toBe(200);
    releaseAll();
    for (const stream of next) await stream.text();
  }, 120_000);
});
