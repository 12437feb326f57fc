/**
 * Reads a `text/event-stream` body into the `data` of each event, up to the closing `data: [DONE]`
 * or a terminal `event: error`.
 * eventsource-parser does the SSE framing (split lines, multi-line data, comments); it is pure
 * string work, so this runs the same in Node, browsers and edge runtimes.
 */
import { createParser } from 'eventsource-parser';
import { StreamIdleTimeoutError } from '../errors.js';

export class StreamEndedEarlyError extends Error {}

/** The server ended the stream with `event: error`; `data` is the envelope it would have answered. */
export class ErrorEventReceived extends Error {
  constructor(readonly data: string) {
    super('The stream ended with an error event.');
  }
}

/**
 * `signal` cancels the body directly: a fetch implementation may not tie its response body to the
 * request's signal (injected fetches, some polyfills), and a stopped stream must stop reading. With
 * `idleTimeoutMs`, a read that gets nothing for that long cancels the body and throws
 * StreamIdleTimeoutError: any byte (a heartbeat comment too) shows the server is still there.
 */
export async function* readEventData(
  body: ReadableStream<Uint8Array>,
  signal: AbortSignal,
  idleTimeoutMs?: number,
): AsyncGenerator<string> {
  const pending: { event: string | undefined; data: string }[] = [];
  const parser = createParser({ onEvent: ({ event, data }) => pending.push({ event, data }) });
  const decoder = new TextDecoder();
  const reader = body.getReader();
  const cancel = () => {
    reader.cancel(signal.reason).catch(() => {});
  };
  signal.addEventListener('abort', cancel, { once: true });
  let idle: StreamIdleTimeoutError | undefined;
  const expire = () => {
    idle = new StreamIdleTimeoutError(idleTimeoutMs as number);
    cancel();
  };
  try {
    for (;;) {
      const timer = idleTimeoutMs === undefined ? undefined : setTimeout(expire, idleTimeoutMs);
      const { value, done } = await reader.read().finally(() => clearTimeout(timer));
      if (idle) throw idle;
      parser.feed(done ? decoder.decode() : decoder.decode(value, { stream: true }));
      // A last event without its blank line still counts.
      if (done) parser.reset({ consume: true });
      for (let next = pending.shift(); next !== undefined; next = pending.shift()) {
        // One read can hold many events: an abort must also stop the ones already parsed.
        if (signal.aborted) throw signal.reason;
        if (next.event === 'error') throw new ErrorEventReceived(next.data);
        if (next.data === '[DONE]') return;
        yield next.data;
      }
      if (done) throw new StreamEndedEarlyError('The stream ended before its closing [DONE] event.');
    }
  } finally {
    // Stops the download when the caller stops early (break, abort) or after [DONE].
    signal.removeEventListener('abort', cancel);
    reader.cancel().catch(() => {});
  }
}
