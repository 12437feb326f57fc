/**
 * A chat stream that goes silent: `idleTimeoutMs` between reads, retried before the first event,
 * thrown after it. Fake timers drive the silence; the bodies are streams the test writes into.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  APITimeoutError,
  type ChatStreamChunk,
  createAssistantClient,
  StreamIdleTimeoutError,
} from '../src/index.js';
import { chatBody as body, chunk, STOPPED } from './helpers/chat-fixtures.js';
import { scriptedFetch, sse } from './helpers/fake-fetch.js';

const encoder = new TextEncoder();
const event = (value: unknown) => encoder.encode(`data: ${JSON.stringify(value)}\n\n`);

/** A streamed answer that sends `events` at once, then stays silent (never closes). */
function silentAfter(events: Uint8Array[]) {
  const cancelled = { value: false };
  const response = new Response(
    new ReadableStream<Uint8Array>({
      start(controller) {
        for (const piece of events) controller.enqueue(piece);
      },
      cancel() {
        cancelled.value = true;
      },
    }),
    { headers: { 'content-type': 'text/event-stream' } },
  );
  return { response, cancelled };
}

const complete = () => sse([event(chunk('Hello', STOPPED)), 'data: [DONE]\n\n']);

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('a stalled chat stream', () => {
  it('is sent again when it stays silent before its first event, and the retry is what the loop reads', async () => {
    const stalled = silentAfter([]);
    const fetch = scriptedFetch(
      () => stalled.response,
      () => complete(),
    );
    const sdk = createAssistantClient({ baseUrl: 'http://api.test/v1', token: 't', fetch, maxRetries: 1 });
    const pending = sdk.agents.chatStream(body, { idleTimeoutMs: 5000 });
    await vi.advanceTimersByTimeAsync(5000);
    await vi.runAllTimersAsync(); // the backoff before the retry
    const stream = await pending;
    expect(await stream.text()).toBe('Hello');
    expect(fetch.sent).toHaveLength(2);
    expect(stalled.cancelled.value).toBe(true);
  });

  it('fails with StreamIdleTimeoutError (an APITimeoutError) when no retry is left', async () => {
    const fetch = scriptedFetch(() => silentAfter([]).response);
    const sdk = createAssistantClient({ baseUrl: 'http://api.test/v1', token: 't', fetch, maxRetries: 0 });
    const pending = sdk.agents.chatStream(body, { idleTimeoutMs: 1000 });
    const caught = expect(pending).rejects.toSatisfy(
      (error) =>
        error instanceof StreamIdleTimeoutError &&
        error instanceof APITimeoutError &&
        error.idleTimeoutMs === 1000,
    );
    await vi.advanceTimersByTimeAsync(1000);
    await caught;
  });

  it('throws after the chunks already received when it goes silent later, and is not sent again', async () => {
    const stalled = silentAfter([event(chunk('Hel')), event(chunk('lo'))]);
    const fetch = scriptedFetch(() => stalled.response);
    const sdk = createAssistantClient({
      baseUrl: 'http://api.test/v1',
      token: 't',
      fetch,
      maxRetries: 2,
      idleTimeoutMs: 30_000,
    });
    const stream = await sdk.agents.chatStream(body);
    const received: ChatStreamChunk[] = [];
    const loop = (async () => {
      for await (const piece of stream) received.push(piece);
    })();
    const caught = expect(loop).rejects.toBeInstanceOf(StreamIdleTimeoutError);
    await vi.advanceTimersByTimeAsync(29_999);
    expect(received).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    await caught;
    expect(fetch.sent).toHaveLength(1);
    expect(stalled.cancelled.value).toBe(true);
  });

  it('waits the default 60 s of silence', async () => {
    const fetch = scriptedFetch(() => silentAfter([]).response);
    const sdk = createAssistantClient({ baseUrl: 'http://api.test/v1', token: 't', fetch, maxRetries: 0 });
    let settled = false;
    const pending = sdk.agents.chatStream(body).finally(() => {
      settled = true;
    });
    pending.catch(() => {});
    await vi.advanceTimersByTimeAsync(59_999);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await expect(pending).rejects.toBeInstanceOf(StreamIdleTimeoutError);
  });
});
