/**
 * One entry of the journal, in a slot the journal reuses once the entry is dropped.
 *
 * Why slots: the journal holds a thousand entries, each outliving a thousand requests, and keeping
 * each request's own strings and objects alive that long is what the journal cost the server
 * (the garbage collector moved every one of them into the old generation, then had to sweep them),
 * far more than recording itself. So a slot is made once and filled again and again: its numbers
 * and shared strings (the method, the operation, the token's name) are fields; the texts made for
 * each request (its id, its target, its headers as received, the answer's header block as Node
 * wrote it) are copied into a buffer of the slot's own, outside the JavaScript heap, as Latin-1,
 * the encoding Node reads and writes HTTP heads in, so nothing is lost. A streamed answer's writes
 * (each stream's own text, some kilobytes) are copied the same way, as UTF-8, into a buffer of the
 * slot's, and so is the request's body (whose bytes would otherwise keep a slab of Node's shared
 * buffer pool alive). Answers' bodies are kept as they are (the answer of GET agent is one string
 * shared by every request), cut when over `bodyMaxBytes`.
 */
import type { ServerResponse } from 'node:http';
import type { AppliedFault, JournalEntry, ReplayOutcome, Violation } from '@assistant-platform/types/admin';
import type { AuthContext } from '../contract/fastify-types.js';
import type { TimedSpan } from '../pipeline/server-timing.js';
import {
  cappedBody,
  eventsOfChunks,
  type JournalRecording,
  type RawEvent,
  type WrittenChunk,
} from './journal-recording.js';

const NO_TEXT = Buffer.alloc(0);

/**
 * A slot's buffer for `bytes`: the one it has while that fits and is not far larger, else a new
 * one of its own (never a slice of Node's shared pool, which would keep the whole pool alive).
 */
function fitted(buffer: Buffer, bytes: number): Buffer {
  if (buffer.length >= bytes && buffer.length <= 4 * bytes + 16_384) return buffer;
  return bytes === 0 ? NO_TEXT : Buffer.allocUnsafeSlow(bytes);
}

export class JournalSlot {
  id = 0;
  /** When the request arrived, in milliseconds since the epoch. */
  at = 0;
  durationMs = 0;
  method = '';
  operationId: string | null = null;
  status: number | null = null;
  outcome: JournalEntry['outcome'] = 'answered';
  tokenName: string | null = null;
  /** The account whose token authenticated the request; 0 for none. */
  accountId = 0;
  fault: AppliedFault | null = null;
  chatFixtureId: number | null = null;
  violations: Violation[] | null = null;
  replay: ReplayOutcome | null = null;
  /** The request body's bytes (cut to `bodyMaxBytes`), copied into `requestBytes`; -1 without a body. */
  private requestLength = -1;
  private requestBytes: Buffer = NO_TEXT;
  requestBodyTruncated = false;
  responseBody: string | Uint8Array | undefined = undefined;
  responseBodyTruncated = false;
  /** How many writes a streamed answer made (their bytes in `streamBytes`); -1 for any other answer. */
  private streamWrites = -1;
  /** A streamed answer's writes one after the other, text as UTF-8; each write's end and time. */
  private streamBytes: Buffer = NO_TEXT;
  private streamEnds = new Uint32Array(0);
  private streamTimes = new Float64Array(0);
  chunksCut = false;
  /** The bound a stream's events are read with: the recording's (JOURNAL_BODY_MAX_BYTES). */
  private eventsMaxBytes = 0;
  /** The request's stages as it timed them (kept by reference), and when it arrived, to place them. */
  stages: readonly TimedSpan[] | null = null;
  startedAt = 0;
  /** Request id, target, request head and answer head, one after the other, in Latin-1. */
  private texts: Buffer = NO_TEXT;
  private ends = new Uint32Array(4);

  fill(
    id: number,
    recording: JournalRecording,
    auth: AuthContext | null,
    fault: AppliedFault | null,
    bodyMaxBytes: number,
  ): void {
    const { response } = recording;
    this.id = id;
    this.durationMs = performance.now() - recording.startedAt;
    this.at = Date.now() - this.durationMs;
    this.method = recording.method;
    this.operationId = recording.operationId;
    this.status = response.headersSent ? response.statusCode : null;
    // Ended by the server: the whole answer was handed to the connection (`writableFinished` would
    // be exact, but injected requests never set it).
    this.outcome = recording.outcome ?? (response.writableEnded ? 'answered' : 'client-closed');
    this.tokenName = auth?.tokenName ?? null;
    this.accountId = auth?.accountId ?? 0;
    this.fault = fault;
    this.chatFixtureId = recording.chatFixtureId;
    this.violations = recording.violations;
    this.replay = recording.replay;
    this.keepStream(recording.chunks);
    this.chunksCut = recording.chunksCut;
    this.eventsMaxBytes = recording.bodyMaxBytes;
    this.stages = recording.stages;
    this.startedAt = recording.startedAt;
    const requestBody =
      recording.requestBody === undefined ? undefined : cappedBody(recording.requestBody, bodyMaxBytes);
    this.keepRequestBody(requestBody?.body as Uint8Array | undefined);
    this.requestBodyTruncated = recording.requestBodyTruncated || (requestBody?.truncated ?? false);
    const responseBody =
      recording.responseBody === undefined ? undefined : cappedBody(recording.responseBody, bodyMaxBytes);
    this.responseBody = responseBody?.body;
    this.responseBodyTruncated = responseBody?.truncated ?? false;
    // Node keeps the header block it wrote; Fastify's own header object is not public.
    const head = response.headersSent ? (response as ServerResponse & { _header?: unknown })._header : '';
    this.keepTexts(
      recording.requestId,
      recording.url,
      recording.rawHeaders.join('\n'),
      typeof head === 'string' ? head : '',
    );
  }

  /** The request's body as received (cut to the journal's bound); undefined without one. */
  get requestBody(): Uint8Array | undefined {
    return this.requestLength < 0 ? undefined : this.requestBytes.subarray(0, this.requestLength);
  }

  private keepRequestBody(body: Uint8Array | undefined): void {
    if (body === undefined) {
      this.requestLength = -1;
      return;
    }
    this.requestBytes = fitted(this.requestBytes, body.length);
    this.requestBytes.set(body);
    this.requestLength = body.length;
  }

  /** A streamed answer's events, split from its writes now; null for any other answer. */
  streamEvents(): { events: RawEvent[]; truncated: boolean } | null {
    if (this.streamWrites < 0) return null;
    const chunks: WrittenChunk[] = [];
    let start = 0;
    for (let i = 0; i < this.streamWrites; i++) {
      const end = this.streamEnds[i] as number;
      chunks.push({ atMs: this.streamTimes[i] as number, chunk: this.streamBytes.subarray(start, end) });
      start = end;
    }
    return eventsOfChunks(chunks, this.chunksCut, this.eventsMaxBytes);
  }

  private keepStream(chunks: readonly WrittenChunk[] | null): void {
    if (chunks === null) {
      this.streamWrites = -1;
      return;
    }
    let bytes = 0;
    for (const { chunk } of chunks)
      bytes += typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk.length;
    this.streamBytes = fitted(this.streamBytes, bytes);
    if (this.streamEnds.length < chunks.length) {
      this.streamEnds = new Uint32Array(chunks.length);
      this.streamTimes = new Float64Array(chunks.length);
    }
    let end = 0;
    chunks.forEach(({ atMs, chunk }, index) => {
      if (typeof chunk === 'string') end += this.streamBytes.write(chunk, end);
      else {
        this.streamBytes.set(chunk, end);
        end += chunk.length;
      }
      this.streamEnds[index] = end;
      this.streamTimes[index] = atMs;
    });
    this.streamWrites = chunks.length;
  }

  private keepTexts(requestId: string, url: string, requestHead: string, responseHead: string): void {
    // One write of the four joined: Latin-1 takes a byte per character, so the ends are the lengths.
    const joined = requestId + url + requestHead + responseHead;
    if (this.texts.length < joined.length) this.texts = Buffer.allocUnsafeSlow(Math.max(1024, joined.length));
    this.texts.write(joined, 0, 'latin1');
    const { ends } = this;
    let end = requestId.length;
    ends[0] = end;
    end += url.length;
    ends[1] = end;
    end += requestHead.length;
    ends[2] = end;
    ends[3] = end + responseHead.length;
  }

  private text(index: number): string {
    return this.texts.toString('latin1', index === 0 ? 0 : this.ends[index - 1], this.ends[index]);
  }

  get requestId(): string {
    return this.text(0);
  }

  /** The request target: path and query string. */
  get url(): string {
    return this.text(1);
  }

  /** The request's header names and values as received, alternating, one a line. */
  get requestHead(): string {
    return this.text(2);
  }

  /** The answer's status line and headers as written (`HTTP/1.1 200 OK\r\n…`), '' without an answer. */
  get responseHead(): string {
    return this.text(3);
  }
}
