/**
 * Leaving a chat early (a `chat.stream` subscription, or a `chat.request` still waiting for its whole
 * answer) stops the work behind it: the gateway aborts its platform call, and the model server at the
 * far end sees its client hang up.
 */

import {
  chatUpstreamEnv,
  type FakeUpstream,
  startFakeUpstream,
  streamingSlowly,
} from '@assistant-platform/engines/testing';
import {
  createUpstreamFetch,
  defineConfig,
  type RunningGateway,
  startGateway,
} from '@assistant-platform/gateway';
import { createGatewayClient } from '@assistant-platform/gateway-client';
import { startReferenceServer } from '@assistant-platform/server';
import { TEST_TOKENS, testChatBody, testSeed } from '@assistant-platform/server/testing';
import type { ChatStreamChunk } from '@assistant-platform/types';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { storeEnv } from '../reference-store.js';

let llm: FakeUpstream;
let server: Awaited<ReturnType<typeof startReferenceServer>>;
let gateway: RunningGateway;
const platformSignals: AbortSignal[] = [];
// The gateway's own upstream fetch, its platform calls' signals recorded on the way through.
const upstream = createUpstreamFetch();

beforeAll(async () => {
  llm = await startFakeUpstream();
  // One word every 25 ms, 200 of them: a 5 s answer, which the tests leave half-way.
  llm.handle(streamingSlowly(200, 25));
  server = await startReferenceServer({
    seed: testSeed,
    env: { ...(await storeEnv()), ...chatUpstreamEnv(llm.url, 'slow-model') },
  });
  const recordingFetch = ((input: Parameters<typeof fetch>[0], init?: RequestInit) => {
    if (init?.signal) platformSignals.push(init.signal);
    return upstream(input, init);
  }) as typeof fetch;
  gateway = await startGateway(
    defineConfig({ port: 0, logLevel: 'silent', upstreamBaseUrl: server.baseUrl }),
    { fetch: recordingFetch },
  );
});
afterAll(async () => {
  // The left SSE socket lingers for the client's keep-alive time; do not wait for it here.
  gateway?.app.server.closeAllConnections();
  await gateway?.close();
  await upstream.close();
  await server?.close();
  await llm?.close();
});

it('aborts the platform call and the model call when the subscriber leaves mid-answer', async () => {
  const client = createGatewayClient({ url: gateway.url, token: TEST_TOKENS.all });
  const received: ChatStreamChunk[] = [];
  const subscription = client.chat.stream.subscribe(testChatBody(), {
    onData: (chunk) => {
      received.push(chunk);
      if (received.length === 3) subscription.unsubscribe();
    },
  });

  await vi.waitFor(() => expect(platformSignals.at(-1)?.aborted).toBe(true), { timeout: 60_000 });
  expect(received).toHaveLength(3);
  expect(await llm.received.at(-1)?.hungUp).toBe(true);
});

it('aborts the platform call and the model call when the caller of chat.request leaves', async () => {
  const client = createGatewayClient({ url: gateway.url, token: TEST_TOKENS.all, batch: false });
  const signalsBefore = platformSignals.length;
  const requestsBefore = llm.received.length;
  const controller = new AbortController();
  const answer = client.chat.request.mutate(testChatBody(), { signal: controller.signal });
  // The model is writing its (5 s) answer when the caller gives up.
  await vi.waitFor(() => expect(llm.received.length).toBe(requestsBefore + 1), { timeout: 60_000 });
  controller.abort();
  await expect(answer).rejects.toThrow();

  await vi.waitFor(() => expect(platformSignals[signalsBefore]?.aborted).toBe(true), { timeout: 60_000 });
  expect(await llm.received[requestsBefore]?.hungUp).toBe(true);
});
