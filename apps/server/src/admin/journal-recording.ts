/**
 * One platform request and its answer as the journal holds them: `request.journal` while the
 * request runs (other stages set `fault`, `chatFixtureId`, `outcome` and `requestBody` on it),
 * then an entry of the journal.
 *
 * Recording is on the path of every platform request, so it keeps what it is given as it is (the
 * headers object, the body's bytes, the answer's string) and does nothing else: no copy of a
 * small body, no parsing, no formatting. Those happen when an entry is read (journal-entry.ts).
 * What is kept is bounded all the same: a body over `bodyMaxBytes` is cut (the only copy made,
 * at the end of the exchange) and a stream keeps at most `MAX_EVENTS` events.
 */
import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import type { AppliedFault, JournalEntry } from '@assistant-platform/types/admin';
import type { RequestJournal } from '../contract/fastify-types.js';

/** A streamed answer keeps at most this many events (the contract's bound). */
export const MAX_EVENTS = 1000;

/** Header values as Node and Fastify hold them. */
export type HeaderValues = Record<string, string | number | string[] | undefined>;

/** One Server-Sent Event as written: its text, without the blank line that ends it. */
export interface RawEvent {
  atMs: number;
  text: string;
}

/** A body's bytes or text, cut to `max` bytes (at a character boundary) when longer. */
function capped(body: string | Uint8Array, max: number): { body: string | Uint8Array; truncated: boolean } {
  // Three bytes a UTF-16 unit at most: short strings are known to fit without being measured.
  if (typeof body === 'string' && (body.length * 3 <= max || Buffer.byteLength(body) <= max))
    return { body, truncated: false };
  const bytes = typeof body === 'string' ? Buffer.from(body) : body;
  if (bytes.length <= max) return { body, truncated: false };
  let end = max;
  // Never cut inside a UTF-8 sequence: back up to the first byte of the cut character.
  while (end > 0 && ((bytes[end] as number) & 0xc0) === 0x80) end--;
  return { body: Buffer.from(bytes.subarray(0, end)), truncated: true };
}

export class JournalRecording implements RequestJournal {
  fault: AppliedFault | null = null;
  chatFixtureId: number | null = null;
  outcome: 'reset' | 'disconnected' | undefined = undefined;
  requestBody: Uint8Array | undefined = undefined;

  /** Set when the journal keeps the entry. */
  id = 0;
  readonly at = Date.now();
  private readonly startedAt = performance.now();
  status: number | null = null;
  durationMs = 0;
  token: JournalEntry['token'] = null;
  requestBodyTruncated = false;
  responseHeaders: HeaderValues = {};
  responseBody: string | Uint8Array | undefined = undefined;
  responseBodyTruncated = false;
  events: RawEvent[] | null = null;
  eventsTruncated = false;
  finalOutcome: JournalEntry['outcome'] = 'answered';

  constructor(
    readonly requestId: string,
    readonly method: string,
    /** The request target: path and query string. */
    readonly url: string,
    readonly operationId: string | null,
    readonly requestHeaders: IncomingHttpHeaders,
  ) {}

  /** The answer's body as Fastify sends it (a string or bytes; a stream is recorded by its events). */
  answered(payload: unknown): void {
    if (typeof payload === 'string' || payload instanceof Uint8Array) this.responseBody = payload;
  }

  /** Records the events of a Server-Sent Events answer as they are written to the connection. */
  streamed(response: ServerResponse): void {
    const started = performance.now();
    const events: RawEvent[] = [];
    this.events = events;
    let pending = '';
    const take = (chunk: unknown) => {
      if (this.eventsTruncated || (typeof chunk !== 'string' && !(chunk instanceof Uint8Array))) return;
      pending += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
      let end = pending.indexOf('\n\n');
      while (end >= 0) {
        if (events.length === MAX_EVENTS) {
          this.eventsTruncated = true;
          pending = '';
          return;
        }
        events.push({ atMs: performance.now() - started, text: pending.slice(0, end) });
        pending = pending.slice(end + 2);
        end = pending.indexOf('\n\n');
      }
    };
    // What reaches the connection, whichever stage paced or cut the stream before it.
    const { write, end } = response;
    response.write = function (this: ServerResponse, chunk: unknown, ...rest: unknown[]) {
      take(chunk);
      return (write as (...args: unknown[]) => boolean).call(this, chunk, ...rest);
    } as ServerResponse['write'];
    response.end = function (this: ServerResponse, chunk?: unknown, ...rest: unknown[]) {
      if (typeof chunk !== 'function') take(chunk);
      return (end as (...args: unknown[]) => ServerResponse).call(this, chunk, ...rest);
    } as ServerResponse['end'];
  }

  /** Completes the recording once the exchange is over (answered, or its connection closed). */
  finished(
    response: ServerResponse,
    headers: HeaderValues,
    token: JournalEntry['token'],
    bodyMaxBytes: number,
  ): void {
    this.durationMs = performance.now() - this.startedAt;
    this.status = response.headersSent ? response.statusCode : null;
    // Ended by the server: the whole answer was handed to the connection (`writableFinished` would
    // be exact, but injected requests never set it).
    this.finalOutcome = this.outcome ?? (response.writableEnded ? 'answered' : 'client-closed');
    this.responseHeaders = headers;
    this.token = token;
    if (this.requestBody !== undefined) {
      const cut = capped(this.requestBody, bodyMaxBytes);
      this.requestBody = cut.body as Uint8Array;
      this.requestBodyTruncated = cut.truncated;
    }
    if (this.responseBody !== undefined) {
      const cut = capped(this.responseBody, bodyMaxBytes);
      this.responseBody = cut.body;
      this.responseBodyTruncated = cut.truncated;
    }
  }
}
