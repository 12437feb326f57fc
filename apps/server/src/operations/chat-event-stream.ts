import { Readable } from 'node:stream';
import { setImmediate as nextTurn, setTimeout as sleep } from 'node:timers/promises';
import { type ChatEventStream, type ChatStreamEvent, EngineError } from '@assistant-platform/engines/types';
import { errorEnvelope } from '@assistant-platform/types';
import type { Fault } from '@assistant-platform/types/admin';
import type { FastifyBaseLogger } from 'fastify';

/**
 * The engine's events as Server-Sent Events: one `data: {ChatStreamChunk}` per delta (the first
 * also carries `role`), a last chunk with `finish_reason` and `matched_stop`, then `data: [DONE]`.
 * An engine failure after the headers went out ends the stream with one `event: error` carrying the
 * envelope the request would have answered, and no [DONE], so no client mistakes it for an answer.
 * When the client leaves, Fastify destroys this stream, which ends the generator and so the engine's
 * iterator; the engine's abort signal fires as well.
 *
 * A chunk's text is written around its delta's JSON from parts made once per stream (the same
 * bytes `JSON.stringify` gives the chunk object, without making one an event). A planned answer's
 * events, all at hand, are written straight into a write's bytes (PlannedBatches): a short answer
 * leaves as one buffer (eventStreamBody), a long one in buffer-sized writes made as the reader asks
 * (PlannedEvents); an engine's events that come one by one leave as one write per turn of the event
 * loop in which they came (CoalescedEvents).
 */
export function toEventStream(
  events: ChatEventStream,
  meta: { created: number; model: string },
  log: FastifyBaseLogger,
  signal: AbortSignal,
  timing: StreamTiming = {},
): Readable {
  const paced = isPaced(timing);
  if (events.planned !== undefined && !paced)
    return new PlannedEvents(new PlannedBatches(events.planned, meta));
  const text = eventText(meta);
  async function* sse(): AsyncGenerator<string> {
    let first = true;
    try {
      for await (const event of events) {
        yield text(event, first);
        if (event.type === 'end') {
          yield DONE;
          return;
        }
        first = false;
      }
    } catch (error) {
      // Nobody is left to read an error event when the client went away.
      if (signal.aborted) {
        log.info('chat stream ended: the client went away');
        return;
      }
      log.error({ err: error }, 'chat stream failed');
      yield streamErrorEvent(error);
    }
  }
  return paced
    ? Readable.from(timed(sse(), timing, signal), { objectMode: false })
    : new CoalescedEvents(sse());
}

/**
 * The body of a streamed answer: a planned answer that needs no pacing and fits ONE_WRITE_BYTES as
 * one buffer of its events, sent as it is; any other as toEventStream's stream.
 */
export function eventStreamBody(
  events: ChatEventStream,
  meta: { created: number; model: string },
  log: FastifyBaseLogger,
  signal: AbortSignal,
  timing: StreamTiming = {},
): Readable | Buffer {
  if (events.planned === undefined || isPaced(timing))
    return toEventStream(events, meta, log, signal, timing);
  const batches = new PlannedBatches(events.planned, meta);
  // Never undefined: a planned answer has at least its end event.
  const first = batches.take(ONE_WRITE_BYTES) as Buffer;
  return batches.done ? first : new PlannedEvents(batches, first);
}

const DONE = 'data: [DONE]\n\n';

/** An event's text (`first`: the answer's first delta, which carries `role`). */
type EventText = (event: ChatStreamEvent, first: boolean) => string;

/** The text of a chunk before its delta (ChatStreamChunk's keys in the contract's order). */
const chunkHead = ({ created, model }: { created: number; model: string }) =>
  `data: {"object":"chat.request.chunk","created":${JSON.stringify(created)},"model":${JSON.stringify(model)},"request":[{"index":0,"delta":`;
const FIRST_DELTA = '{"role":"assistant","content":';
const DELTA = '{"content":';
const DELTA_END = '},"finish_reason":null,"matched_stop":null}]}\n\n';

/** The last chunk after its head: no delta, the answer's finish reason and stop. */
const endText = (event: Extract<ChatStreamEvent, { type: 'end' }>) =>
  `{},"finish_reason":${JSON.stringify(event.finishReason)},"matched_stop":${JSON.stringify(event.matchedStop)}}]}\n\n`;

function eventText(meta: { created: number; model: string }): EventText {
  const head = chunkHead(meta);
  return (event, first) => {
    if (event.type === 'end') return `${head}${endText(event)}`;
    return `${head}${first ? FIRST_DELTA : DELTA}${JSON.stringify(event.content)}${DELTA_END}`;
  };
}

/** A chunk's fixed parts as bytes, copied into each write of a planned answer. */
const FIRST_DELTA_BYTES = Buffer.from(FIRST_DELTA);
const DELTA_BYTES = Buffer.from(DELTA);
const DELTA_END_BYTES = Buffer.from(DELTA_END);

/**
 * A planned answer up to about this many bytes of events leaves as one buffer, answered like any
 * body: one write, and no stream to run for it (the stream's machinery was a large part of a short
 * stream's CPU: bench/stream-throughput.mjs). A longer one is streamed in buffer-sized writes, so
 * a client that stops reading holds one buffer of it, not the whole answer.
 */
export const ONE_WRITE_BYTES = 64 * 1024;

/**
 * A planned answer's events (all at hand: see ChatEventStream.planned) written in batches of whole
 * events, each batch made only when asked for. Each delta's JSON is the only text made per event:
 * the fixed parts are copied as bytes into the batch's buffer beside it, with no string joined per
 * event or per batch (the young generation's collections were the largest part of a stream's CPU:
 * bench/request-profile.mjs).
 */
class PlannedBatches {
  private next = 0;
  /** The chunks' head as bytes, made once per answer. */
  private readonly head: Buffer;
  /** The JSON of the next batch's deltas (reused: a batch's texts live until they are copied). */
  private readonly contents: string[] = [];

  constructor(
    private readonly events: readonly ChatStreamEvent[],
    meta: { created: number; model: string },
  ) {
    this.head = Buffer.from(chunkHead(meta));
  }

  get done(): boolean {
    return this.next === this.events.length;
  }

  /** The next events' bytes, whole events of about `maxBytes` together; undefined once done. */
  take(maxBytes: number): Buffer | undefined {
    const { events, contents, head } = this;
    const first = this.next;
    let size = 0;
    let end: string | undefined;
    while (this.next < events.length && size < maxBytes) {
      const event = events[this.next] as ChatStreamEvent;
      this.next++;
      if (event.type === 'end') {
        end = endText(event) + DONE;
        size += head.length + Buffer.byteLength(end);
        break;
      }
      const content = JSON.stringify(event.content);
      contents.push(content);
      const delta = this.next === 1 ? FIRST_DELTA_BYTES : DELTA_BYTES;
      size += head.length + delta.length + Buffer.byteLength(content) + DELTA_END_BYTES.length;
    }
    if (size === 0) return undefined;
    const batch = Buffer.allocUnsafe(size);
    let at = 0;
    const put = (bytes: Uint8Array) => {
      batch.set(bytes, at);
      at += bytes.length;
    };
    for (let i = 0; i < contents.length; i++) {
      put(head);
      put(first + i === 0 ? FIRST_DELTA_BYTES : DELTA_BYTES);
      at += batch.write(contents[i] as string, at);
      put(DELTA_END_BYTES);
    }
    if (end !== undefined) {
      put(head);
      at += batch.write(end, at);
    }
    contents.length = 0;
    // Never more than was written: the rest of an unzeroed buffer is not the answer's.
    return at === size ? batch : batch.subarray(0, at);
  }
}

/**
 * A planned answer too long for one write, as a stream: as much as the stream's buffer takes a
 * write, the next batch made only when the reader wants more. Destroyed (the client left), it makes
 * nothing more.
 */
class PlannedEvents extends Readable {
  constructor(
    private readonly batches: PlannedBatches,
    /** Its first batch, when it was taken already. */
    first?: Buffer,
  ) {
    super();
    if (first !== undefined) this.push(first);
  }

  override _read(): void {
    const batch = this.batches.take(this.readableHighWaterMark);
    if (batch !== undefined) this.push(batch);
    if (this.batches.done) this.push(null);
  }
}

/**
 * A stream of event texts that writes the ones its source gives within one turn of the event loop
 * together, up to its buffer's size a write: a reference engine's answer (all its tokens at hand)
 * leaves in a few writes instead of one a token, while an engine that waits between tokens (a model
 * server) still has each event sent in the turn it came. It reads its source only while its reader
 * wants more (backpressure), and ends the source when destroyed (a client that left).
 */
class CoalescedEvents extends Readable {
  private pending = '';
  private flushing: NodeJS.Immediate | undefined;
  private pulling = false;
  private wanted = true;

  constructor(private readonly source: AsyncGenerator<string>) {
    super({ encoding: 'utf8' });
  }

  override _read(): void {
    this.wanted = true;
    if (!this.pulling) void this.pull();
  }

  private async pull(): Promise<void> {
    this.pulling = true;
    try {
      while (this.wanted && !this.destroyed) {
        const next = await this.source.next();
        if (next.done) {
          this.flush();
          this.push(null);
          return;
        }
        this.pending += next.value;
        // A batch is at most the stream's buffer size: a client that stops reading holds one
        // buffer of the answer, not the whole answer an engine had at hand.
        if (this.pending.length >= this.readableHighWaterMark) this.flush();
        else this.flushing ??= setImmediate(() => this.flush());
      }
    } catch (error) {
      this.destroy(error as Error);
    } finally {
      this.pulling = false;
    }
  }

  private flush(): void {
    if (this.flushing !== undefined) clearImmediate(this.flushing);
    this.flushing = undefined;
    if (this.pending === '' || this.destroyed) return;
    const text = this.pending;
    this.pending = '';
    this.wanted = this.push(text);
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    if (this.flushing !== undefined) clearImmediate(this.flushing);
    this.source.return(undefined).then(
      () => callback(error),
      (failure: unknown) => callback(error ?? (failure as Error)),
    );
  }
}

const isPaced = (timing: StreamTiming) =>
  Boolean(timing.ttftMs || timing.tps || timing.disconnectAfter !== undefined);

/** A fault's timing of a stream (see the admin contract), and how to cut its connection. */
export type StreamTiming = Pick<Fault, 'ttftMs' | 'tps' | 'disconnectAfter'> & {
  /** Closes the connection; the answer ends without its terminal event. */
  cut?: () => void;
};

/**
 * `events` with the first after `ttftMs`, then `tps` a second, cut after `disconnectAfter` (the proxy
 * paces a forwarded stream with it too).
 */
export async function* timed(
  events: AsyncGenerator<string>,
  { ttftMs, tps, disconnectAfter, cut }: StreamTiming,
  signal: AbortSignal,
): AsyncGenerator<string> {
  let sent = 0;
  for await (const event of events) {
    if (sent === disconnectAfter) {
      // Let the events already given reach the socket, then close it under the stream.
      await nextTurn();
      await nextTurn();
      cut?.();
      return;
    }
    const wait = sent === 0 ? ttftMs : tps ? 1000 / tps : undefined;
    if (wait) await sleep(wait, undefined, { signal }).catch(() => undefined);
    if (signal.aborted) return;
    yield event;
    sent++;
  }
}

/**
 * The terminal `event: error` (the contract's ChatStreamError): the headers already said 200, so the
 * status the request would have answered travels as its envelope. Only the envelope's fixed text is
 * sent; the engine's own message stays in the log.
 */
export function streamErrorEvent(error: unknown): string {
  const status = error instanceof EngineError && error.status === 429 ? 429 : 500;
  return `event: error\ndata: ${JSON.stringify(errorEnvelope(status))}\n\n`;
}
