/**
 * Failures after the response headers arrived, while the body is read: they still end in the SDK's
 * typed errors, and a stalled body is bounded by the timeout. Driven by an injected fetch whose
 * responses have bodies the test controls.
 */
import { describe, expect, it } from 'vitest';
import {
  APIConnectionError,
  APITimeoutError,
  APIUserAbortError,
  AssistantApiError,
  createAssistantClient,
  type FetchLike,
} from '../src/index.js';
import { fetchFrom } from './helpers/fake-fetch.js';

const baseUrl = 'http://api.test/v1';
const headers = { 'content-type': 'application/json' };

/** A 200 whose body sends `start` and then does what `then` says (never ends, errors, ends). */
function answerWith(start: string, then: 'stall' | 'reset' | 'end'): FetchLike {
  return fetchFrom(async (request) => {
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(start));
        if (then === 'reset') controller.error(new TypeError('terminated'));
        if (then === 'end') controller.close();
        // A stalled body ends only when the request is aborted.
        request.signal.addEventListener('abort', () => controller.error(request.signal.reason));
      },
    });
    return new Response(body, { status: 200, headers });
  });
}

describe('failures while reading the answer body', () => {
  it('times out a body that stalls after the headers', async () => {
    const sdk = createAssistantClient({
      baseUrl,
      token: 't',
      fetch: answerWith('{"success":true,', 'stall'),
      timeoutMs: 50,
      maxRetries: 0,
    });
    await expect(sdk.agents.get('1')).rejects.toBeInstanceOf(APITimeoutError);
  });

  it("times out a raw call's body that stalls after the headers", async () => {
    const sdk = createAssistantClient({
      baseUrl,
      token: 't',
      fetch: answerWith('{"success":true,', 'stall'),
      timeoutMs: 50,
      maxRetries: 0,
    });
    await expect(sdk.raw.GET('/agents/view/{id}', { params: { path: { id: '1' } } })).rejects.toBeInstanceOf(
      APITimeoutError,
    );
  });

  it('reports the caller aborting mid-body as APIUserAbortError', async () => {
    const controller = new AbortController();
    const sdk = createAssistantClient({
      baseUrl,
      token: 't',
      fetch: answerWith('{', 'stall'),
      maxRetries: 0,
    });
    const call = sdk.agents.get('1', { signal: controller.signal });
    setTimeout(() => controller.abort(), 20);
    await expect(call).rejects.toBeInstanceOf(APIUserAbortError);
  });

  it('reports a connection reset mid-body as APIConnectionError', async () => {
    const sdk = createAssistantClient({
      baseUrl,
      token: 't',
      fetch: answerWith('{"succ', 'reset'),
      maxRetries: 0,
    });
    const failure = await sdk.agents.get('1').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(APIConnectionError);
    expect(failure).not.toBeInstanceOf(APITimeoutError);
  });

  it('reports a 200 whose body is not JSON (a proxy page) as an AssistantApiError naming it', async () => {
    const sdk = createAssistantClient({
      baseUrl,
      token: 't',
      fetch: answerWith('<html>Bad gateway</html>', 'end'),
      maxRetries: 0,
    });
    const failure = await sdk.agents.get('1').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AssistantApiError);
    expect((failure as Error).message).toMatch(/not valid JSON/);
  });

  it('does not time out a whole answer that arrives in time', async () => {
    const envelope = '{"success":true,"message":"Agents retrieved successfully","data":{"id":1}}';
    const sdk = createAssistantClient({
      baseUrl,
      token: 't',
      fetch: answerWith(envelope, 'end'),
      timeoutMs: 50,
    });
    await expect(sdk.agents.get('1')).resolves.toEqual({ id: 1 });
    // The attempt's timer was cleared with the answer: nothing fires later.
    await new Promise((resolve) => setTimeout(resolve, 80));
  });
});
