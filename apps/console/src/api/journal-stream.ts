/**
 * Follows GET /_admin/requests/stream with fetch() and a streaming reader (EventSource cannot send
 * the bearer token). A dropped stream, or a 503 when the server's streams are all taken, is tried
 * again after a pause that grows to 10 s; a 401 or 403 stops for good, as signing in again is the
 * only cure. `stop()` ends it. Its `fetch` can be given (tests give a stub), as openapi-fetch's can.
 */
import type { JournalEntry } from '@assistant-platform/types/admin';
import { failureText } from './admin-client.js';
import { sseParser } from './sse.js';

export type StreamState = { live: true } | { live: false; reason: string; final: boolean };

/** The pause before the first retry, doubled after each failed one up to the longest. */
const FIRST_PAUSE_MS = 500;
const LONGEST_PAUSE_MS = 10_000;

export function followJournal(
  token: string,
  onEntry: (entry: JournalEntry) => void,
  onState: (state: StreamState) => void,
  options: { fetch?: typeof fetch } = {},
): () => void {
  const request = options.fetch ?? ((input, init) => fetch(input, init));
  const controller = new AbortController();
  let pause = FIRST_PAUSE_MS;
  const run = async (): Promise<void> => {
    while (!controller.signal.aborted) {
      let reason = 'the stream ended';
      try {
        const response = await request('/_admin/requests/stream', {
          headers: { authorization: `Bearer ${token}` },
          signal: controller.signal,
        });
        if (response.status === 401 || response.status === 403) {
          onState({ live: false, reason: failureText(response.status, undefined), final: true });
          return;
        }
        if (!response.ok || !response.body) {
          reason = failureText(response.status, await response.json().catch(() => undefined));
        } else {
          onState({ live: true });
          pause = FIRST_PAUSE_MS;
          const parse = sseParser();
          const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
          for (;;) {
            const { value, done } = await reader.read();
            if (done) break;
            for (const event of parse(value))
              if (event.event === 'request') onEntry(JSON.parse(event.data) as JournalEntry);
          }
        }
      } catch (error) {
        if (controller.signal.aborted) return;
        reason = error instanceof Error ? error.message : String(error);
      }
      onState({ live: false, reason: `${reason}; trying again`, final: false });
      await new Promise((done) => setTimeout(done, pause));
      pause = Math.min(pause * 2, LONGEST_PAUSE_MS);
    }
  };
  void run();
  return () => controller.abort();
}
