/**
 * A chat stream the reference server has to cut short, end to end: the server talks OpenAI to a
 * model server that fails after its first chunk, and the SDK must throw rather than end quietly.
 */

import { createAssistantClient, InternalServerError } from '@assistant-platform/client';
import {
  chatUpstreamEnv,
  type FakeUpstream,
  failingAfter,
  startFakeUpstream,
} from '@assistant-platform/engines/testing';
import { type ReferenceServer, startReferenceServer } from '@assistant-platform/server';
import { TEST_TOKENS, testChatBody, testSeed } from '@assistant-platform/server/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { storeEnv } from '../reference-store.js';

let upstream: FakeUpstream;
let server: ReferenceServer;

beforeAll(async () => {
  upstream = await startFakeUpstream();
  // Streams one OpenAI chunk, then reports an error the way OpenAI-compatible servers do mid-stream.
  upstream.handle(failingAfter(['It ships '], 'error-object', 'out of memory'));
  server = await startReferenceServer({
    seed: testSeed,
    env: { ...(await storeEnv()), ...chatUpstreamEnv(upstream.url, 'upstream-model') },
  });
});
afterAll(async () => {
  await server?.close();
  await upstream?.close();
});

it('yields the delta the server sent, then throws InternalServerError with the request id', async () => {
  const sdk = createAssistantClient({ baseUrl: server.baseUrl, token: TEST_TOKENS.all, maxRetries: 0 });
  const stream = await sdk.agents.chatStream(testChatBody());
  const deltas: string[] = [];
  const error = await (async () => {
    for await (const chunk of stream) deltas.push(chunk.request[0]?.delta.content ?? '');
  })().catch((caught: unknown) => caught);
  expect(deltas).toEqual(['It ships ']);
  expect(error).toBeInstanceOf(InternalServerError);
  expect(error).toMatchObject({ status: 500, message: 'Internal server error' });
  expect((error as InternalServerError).requestId).toBe(stream.requestId);
  expect(stream.requestId).toBeTruthy();
  expect((error as Error).message).not.toContain('memory');
});
