/**
 * What the journal gathers about one platform request while it runs: `request.journal`. Other
 * stages set what only they know (the chat fixture, how a fault ended the exchange, the body's
 * bytes; the fault itself is `request.fault`); the journal's own hooks keep the answer's body, or a
 * stream's events as they are written. It lives as long as its request: at the end, the journal
 * copies it into one of its slots (journal-slot.ts), so it is small and holds references only.
 */
import type { ServerResponse } from 'node:http';
import { StringDecoder } from 'node:string_decoder';
import type { ReplayOutcome, Violation } from '@assistant-platform/types/admin';
import type { FastifyRequest } from 'fastify';
import type { RequestJournal } from '../contract/fastify-types.js';
import type { TimedSpan } from '../pipeline/server-timing.js';

/**
 * A streamed answer keeps at most this many events (the contract's bound), and at most the
 * journal's `bodyMaxBytes` of their text: a thousand kept entries of a thousand long events each
 * would otherwise hold hundreds of megabytes long after their streams ended.
 */
export const MAX_EVENTS = 1000;

/** A body's bytes or text, cut to `max` bytes (at a character boundary) when longer. */
export function cappedBody(
  body: string | Uint8Array,
  max: number,
): { body: string | Uint8Array; truncated: boolean } {
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

/** One Server-Sent Event as written: its text, without the blank line that ends it. */
export interface RawEvent {
  atMs: number;
  text: string;
}

/** One write of a streamed answer, as it reached the connection, and when. */
export interface WrittenChunk {
  atMs: number;
  chunk: string | Uint8Array;
}

/**
 * A stream's writes are kept as they are, and split into events only when the entry is read (most
 * entries never are): the bound on what is kept is then a little over `bodyMaxBytes` (the blank
 * lines between at most MAX_EVENTS events), checked by length alone while the stream runs.
 */
const SEPARATOR_BYTES = 2 * MAX_EVENTS;
/** At most this many writes are kept, so a stream of tiny writes is bounded by count as well. */
const MAX_CHUNKS = 4 * MAX_EVENTS;

/**
 * The events of a stream's kept writes, as the journal shows them: whole events only, at most
 * MAX_EVENTS and `bodyMaxBytes` of their text; `truncated` when the stream had more. Each event has
 * the time of the write that ended it.
 */
export function eventsOfChunks(
  chunks: readonly WrittenChunk[],
  cut: boolean,
  bodyMaxBytes: number,
): { events: RawEvent[]; truncated: boolean } {
  const events: RawEvent[] = [];
  const decoder = new StringDecoder('utf8');
  let pending = '';
  let bytes = 0;
  for (const { atMs, chunk } of chunks) {
    pending +=
      typeof chunk === 'string'
        ? chunk
        : decoder.write(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.length));
    let end = pending.indexOf('\n\n');
    while (end >= 0) {
      const text = pending.slice(0, end);
      bytes += Buffer.byteLength(text);
      if (events.length === MAX_EVENTS || bytes > bodyMaxBytes) return { events, truncated: true };
      events.push({ atMs, text });
      pending = pending.slice(end + 2);
      end = pending.indexOf('\n\n');
    }
    // An event that never ends (a proxied target's) is not kept whole either.
    if (pending.length > bodyMaxBytes) return { events, truncated: true };
  }
  return { events, truncated: cut };
}

export class JournalRecording implements RequestJournal {
  /** When the request arrived (performance.now()), for its duration. */
  readonly startedAt = performance.now();
  requestId: string;
  readonly method: string;
  /** The request target: path and query string. */
  readonly url: string;
  /** The request's header names and values as received, alternating. */
  readonly rawHeaders: readonly string[];
  readonly response: ServerResponse;
  chatFixtureId: number | null = null;
  /** The stages the request went through (`request.stages`, pipeline/server-timing.ts), once it ended. */
  stages: readonly TimedSpan[] | null = null;
  outcome: RequestJournal['outcome'] = undefined;
  requestBody: Uint8Array | undefined = undefined;
  /** Whether `requestBody` is already a cut copy (keepRequestBodyCopy). */
  requestBodyTruncated = false;
  violations: Violation[] | null = null;
  replay: ReplayOutcome | null = null;
  /** The answer's body as Fastify sent it; undefined for a stream or no answer. */
  responseBody: string | Uint8Array | undefined = undefined;
  /** A streamed answer's writes, null for any other answer (split into events when read). */
  chunks: WrittenChunk[] | null = null;
  /** Whether the stream wrote more than `chunks` kept. */
  chunksCut = false;

  // What the request says of itself is taken here, where the request object is at hand anyway, so
  // the journal's copy at the end reads it from this one class instead of Fastify's many shapes of
  // request object.
  constructor(
    request: FastifyRequest,
    response: ServerResponse,
    public operationId: string | null,
    /** The most bytes of a body, or of a stream's event text, kept (JOURNAL_BODY_MAX_BYTES). */
    readonly bodyMaxBytes: number,
  ) {
    this.requestId = request.id;
    this.method = request.method;
    this.url = request.url;
    this.rawHeaders = request.raw.rawHeaders;
    this.response = response;
  }

  keepRequestBodyCopy(bytes: Uint8Array): void {
    const { body, truncated } = cappedBody(bytes, this.bodyMaxBytes);
    this.requestBody = body === bytes ? Buffer.from(bytes) : (body as Uint8Array);
    this.requestBodyTruncated = truncated;
  }

  /** The answer's body as Fastify sends it (a string or bytes; a stream is recorded by its events). */
  answered(payload: unknown): void {
    if (typeof payload === 'string' || payload instanceof Uint8Array) this.responseBody = payload;
  }

  /**
   * Lets go of what it kept once the journal has copied it: the answer, whose `write` still leads
   * here, may be held for a while after its end (a timer, a keep-alive connection), and a stream's
   * text held that long would outlive the young generation, costing the collector far more.
   */
  release(): void {
    this.chunks = null;
    this.requestBody = undefined;
    this.responseBody = undefined;
  }

  /** Records the writes of a Server-Sent Events answer as they reach the connection. */
  streamed(response: ServerResponse): void {
    const started = performance.now();
    this.chunks = [];
    // In UTF-16 units for a string, bytes for bytes: a bound on memory, not the journal's rule.
    let room = this.bodyMaxBytes + SEPARATOR_BYTES;
    const take = (chunk: unknown) => {
      if (this.chunks === null || this.chunksCut) return;
      if (typeof chunk !== 'string' && !(chunk instanceof Uint8Array)) return;
      if (chunk.length === 0) return;
      if (this.chunks.length === MAX_CHUNKS || room === 0) {
        this.chunksCut = true;
        return;
      }
      const whole = chunk.length <= room;
      const kept = whole ? chunk : chunk.slice(0, room);
      room -= kept.length;
      this.chunksCut = !whole;
      this.chunks.push({ atMs: performance.now() - started, chunk: kept });
    };
    // What reaches the connection, whichever stage paced or cut the stream before it. An `end`
    // with the last chunk may pass it on to `write` (light-my-request's does): taken once.
    const { write, end } = response;
    let ending = false;
    response.write = function (this: ServerResponse, chunk: unknown, ...rest: unknown[]) {
      if (!ending) take(chunk);
      return (write as (...args: unknown[]) => boolean).call(this, chunk, ...rest);
    } as ServerResponse['write'];
    response.end = function (this: ServerResponse, chunk?: unknown, ...rest: unknown[]) {
      if (typeof chunk !== 'function') take(chunk);
      ending = true;
      try {
        return (end as (...args: unknown[]) => ServerResponse).call(this, chunk, ...rest);
      } finally {
        ending = false;
      }
    } as ServerResponse['end'];
  }
}
