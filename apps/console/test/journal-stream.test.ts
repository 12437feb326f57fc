import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { followJournal, type StreamState } from '../src/api/journal-stream.js';
import { journalEntry } from './entry.js';

/** An event stream that sends `text` and then ends, or stays open until the request is aborted. */
function streamResponse(text: string, init: RequestInit | undefined, options: { end: boolean }): Response {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode(text));
      if (options.end) controller.close();
      else
        init?.signal?.addEventListener('abort', () =>
          controller.error(new DOMException('The operation was aborted.', 'AbortError')),
        );
    },
  });
  return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
}

const jsonResponse = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A fetch that answers each call with the next of `answers` (the last one repeats). */
function stubFetch(answers: ((init: RequestInit | undefined) => Response | Promise<Response>)[]) {
  const calls: { url: string; authorization: string | null }[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: String(input), authorization: new Headers(init?.headers).get('authorization') });
    const answer = answers[Math.min(calls.length, answers.length) - 1];
    if (!answer) throw new Error('no answer');
    return answer(init);
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls };
}

const ended =
  (text = ': connected\n\n') =>
  (init: RequestInit | undefined) =>
    streamResponse(text, init, { end: true });
const networkDown = () => Promise.reject(new TypeError('Failed to fetch'));

function follow(fetch: typeof globalThis.fetch) {
  const entries: number[] = [];
  const states: StreamState[] = [];
  const stop = followJournal(
    'admin-token',
    (entry) => entries.push(entry.id),
    (state) => states.push(state),
    { fetch },
  );
  return { entries, states, stop };
}

describe('following the journal stream', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('hands over each entry with the token sent, and says it is live, then that it ended', async () => {
    const wire =
      ': connected\n\n' +
      `event: request\ndata: ${JSON.stringify(journalEntry({ id: 1 }))}\n\n` +
      `event: request\ndata: ${JSON.stringify(journalEntry({ id: 2 }))}\n\n`;
    const { fetch, calls } = stubFetch([ended(wire), networkDown]);
    const { entries, states, stop } = follow(fetch);
    await vi.advanceTimersByTimeAsync(0);
    expect(calls[0]).toEqual({ url: '/_admin/requests/stream', authorization: 'Bearer admin-token' });
    expect(entries).toEqual([1, 2]);
    expect(states).toEqual([
      { live: true },
      { live: false, reason: 'the stream ended; trying again', final: false },
    ]);
    stop();
  });

  it('tries again after 0.5 s, then twice as long after each failure, never more than 10 s apart', async () => {
    const { fetch, calls } = stubFetch([ended(), networkDown]);
    const { states, stop } = follow(fetch);
    await vi.advanceTimersByTimeAsync(0);
    const gaps: number[] = [];
    for (let attempt = 0; attempt < 7; attempt++) {
      const before = calls.length;
      let waited = 0;
      while (calls.length === before) {
        await vi.advanceTimersByTimeAsync(100);
        waited += 100;
      }
      gaps.push(waited);
    }
    expect(gaps).toEqual([500, 1000, 2000, 4000, 8000, 10_000, 10_000]);
    expect(states.at(-1)).toEqual({ live: false, reason: 'Failed to fetch; trying again', final: false });
    stop();
  });

  it('waits 0.5 s again once a stream has opened, however long it waited before', async () => {
    const { fetch, calls } = stubFetch([networkDown, networkDown, networkDown, ended(), networkDown]);
    const { states, stop } = follow(fetch);
    await vi.advanceTimersByTimeAsync(500 + 1000 + 2000);
    expect(calls).toHaveLength(4);
    expect(states.filter((state) => state.live)).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(499);
    expect(calls).toHaveLength(4);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(5);
    stop();
  });

  it('tries again when all streams are taken (503), saying what the server said', async () => {
    const { fetch, calls } = stubFetch([
      () => jsonResponse(503, { success: false, message: 'Service unavailable' }),
      ended(),
    ]);
    const { states, stop } = follow(fetch);
    await vi.advanceTimersByTimeAsync(0);
    expect(states).toEqual([{ live: false, reason: '503 Service unavailable; trying again', final: false }]);
    await vi.advanceTimersByTimeAsync(500);
    expect(calls).toHaveLength(2);
    expect(states[1]).toEqual({ live: true });
    stop();
  });

  it.each([
    [401, 'unknown or revoked'],
    [403, 'lacks the admin scope'],
  ])('stops for good on %i, as only signing in again helps', async (status, words) => {
    const { fetch, calls } = stubFetch([() => jsonResponse(status, { success: false, message: 'No' })]);
    const { states } = follow(fetch);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toHaveLength(1);
    expect(states).toHaveLength(1);
    expect(states[0]).toMatchObject({ live: false, final: true });
    expect((states[0] as { reason: string }).reason).toContain(words);
  });

  it('stop() closes the open stream and makes no further attempt', async () => {
    let aborted = false;
    const { fetch, calls } = stubFetch([
      (init) => {
        init?.signal?.addEventListener('abort', () => {
          aborted = true;
        });
        return streamResponse(': connected\n\n', init, { end: false });
      },
    ]);
    const { states, stop } = follow(fetch);
    await vi.advanceTimersByTimeAsync(0);
    expect(states).toEqual([{ live: true }]);
    stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(aborted).toBe(true);
    expect(calls).toHaveLength(1);
    expect(states).toEqual([{ live: true }]);
  });

  it('makes no further attempt when stopped while waiting to try again', async () => {
    const { fetch, calls } = stubFetch([networkDown]);
    const { stop } = follow(fetch);
    await vi.advanceTimersByTimeAsync(200);
    stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toHaveLength(1);
  });
});
