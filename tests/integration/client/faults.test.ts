/**
 * The reference server's faults as a real SDK user meets them: a request asks for one with `Prefer`,
 * and the SDK must answer with its retries, its timeout and its typed errors, never a success.
 */
import {
  APIConnectionError,
  APITimeoutError,
  AssistantApiError,
  createAssistantClient,
  InternalServerError,
} from '@assistant-platform/client';
import type { ReferenceServer } from '@assistant-platform/server';
import { TEST_TOKENS, testChatBody } from '@assistant-platform/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSeededServer } from './reference-server.js';

let server: ReferenceServer;
beforeAll(async () => {
  server = await startSeededServer();
});
afterAll(() => server?.close());

/** A client whose every request asks for `prefer`, counting the attempts it makes. */
function clientPreferring(prefer: string, options: { maxRetries?: number; timeoutMs?: number } = {}) {
  const attempts = { count: 0 };
  const sdk = createAssistantClient({
    baseUrl: server.baseUrl,
    token: TEST_TOKENS.all,
    headers: { prefer },
    ...options,
    fetch: (input, init) => {
      attempts.count++;
      return fetch(input, init);
    },
  });
  return { sdk, attempts };
}

describe('faults seen through the SDK', () => {
  it('retries a 503 (after its Retry-After), then throws InternalServerError with the status', async () => {
    const { sdk, attempts } = clientPreferring('code=503', { maxRetries: 1 });
    const error = await sdk.agents.get(1).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(InternalServerError);
    expect((error as InternalServerError).status).toBe(503);
    expect((error as InternalServerError).message).toBe('Service unavailable');
    expect(attempts.count).toBe(2);
  });

  it('times out a call the server delays, as APITimeoutError', async () => {
    const { sdk } = clientPreferring('delay=3000', { maxRetries: 0, timeoutMs: 300 });
    await expect(sdk.agents.get(1)).rejects.toBeInstanceOf(APITimeoutError);
  });

  it('throws a typed error after the chunks that arrived when a stream is cut', async () => {
    const { sdk } = clientPreferring('disconnect-after=2', { maxRetries: 0 });
    const stream = await sdk.agents.chatStream(testChatBody());
    const chunks: unknown[] = [];
    const error = await (async () => {
      for await (const chunk of stream) chunks.push(chunk);
    })().catch((caught: unknown) => caught);
    expect(chunks).toHaveLength(2);
    expect(error).toBeInstanceOf(AssistantApiError);
    expect(error).toBeInstanceOf(APIConnectionError);
  });

  it('throws a connection error when the server resets the connection', async () => {
    const { sdk } = clientPreferring('reset', { maxRetries: 0 });
    await expect(sdk.agents.get(1)).rejects.toBeInstanceOf(APIConnectionError);
  });
});
