/**
 * The proxy's copy of a target's answer, taken as the answer passes through to the client: its
 * body decoded from any `Content-Encoding` (a hosted service compresses for clients that accept
 * it), kept whole for a JSON answer (up to MAX_TAPPED_BYTES: a larger one is forwarded, not
 * checked), or for an event stream parsed event by event (eventsource-parser, any line ending),
 * each event checked as it comes and, when recording, kept with its time. It never holds the
 * answer up: it only watches what the proxy writes.
 */
import { EventEmitter, once } from 'node:events';
import { Writable } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import type { StreamCheck } from '@assistant-platform/types/validation';
import { createParser } from 'eventsource-parser';

/** Bytes of a JSON answer (or of a stream's events, when recording) the tap keeps at most. */
export const MAX_TAPPED_BYTES = 32 * 1024 * 1024;
/** Events of a stream a recording keeps at most (the cassette format's bound). */
export const MAX_TAPPED_EVENTS = 100_000;

export interface TappedEvent {
  /** Milliseconds from sending the request to this event's arrival. */
  atMs: number;
  event: string | undefined;
  data: string;
}

export interface Tapped {
  /** The whole decoded body of an answer that is not a stream; undefined when over the bound. */
  body: Buffer | undefined;
  /** A stream's events, when kept (recording, under the bounds); else undefined. */
  events: TappedEvent[] | undefined;
  /** Why the answer could not be looked at (an encoding the proxy does not decode, a body over the bound). */
  unchecked: string | undefined;
  /** Why a stream's events were not kept for recording although asked (too many). */
  notKept: string | undefined;
}

function decoderFor(encoding: string | undefined) {
  const name = encoding?.trim().toLowerCase();
  if (!name || name === 'identity') return undefined;
  if (name === 'gzip' || name === 'x-gzip') return createGunzip();
  if (name === 'deflate') return createInflate();
  if (name === 'br') return createBrotliDecompress();
  return null;
}

/** Emits `event` (a TappedEvent) for each event of a stream as it is decoded. */
export class AnswerTap extends EventEmitter {
  private readonly chunks: Buffer[] = [];
  private size = 0;
  private events: TappedEvent[] | undefined;
  private eventBytes = 0;
  private unchecked: string | undefined;
  private notKept: string | undefined;
  /** The decoder failed: nothing more is written to it. */
  private broken = false;
  /** Whether the answer's encoding is one the tap decodes (so its events can be followed). */
  readonly decodable: boolean;
  /** Where chunks go to be decoded or parsed; undefined for a plain body, kept as it comes. */
  private readonly sink: Writable | undefined;
  private readonly done: Promise<unknown> | undefined;

  constructor(options: {
    contentEncoding: string | undefined;
    /** The stream's check, when the answer is an event stream. */
    stream: StreamCheck | undefined;
    isStream: boolean;
    /** performance.now() when the request was sent. */
    sentAt: number;
    keepEvents: boolean;
  }) {
    super();
    const { isStream } = options;
    this.events = isStream && options.keepEvents ? [] : undefined;
    const decoder = decoderFor(options.contentEncoding);
    this.decodable = decoder !== null;
    if (decoder === null)
      this.skip(`its content-encoding ${options.contentEncoding} is not one the proxy decodes`);
    // Most answers are plain JSON: kept chunk by chunk, with no writable, decoder or event parser
    // made for them (work on every call that only an encoded body or a stream needs).
    if (!decoder && !isStream) return;
    const collector = this.collector(options);
    if (decoder) {
      decoder.pipe(collector);
      decoder.on('error', () => {
        if (this.broken) return;
        this.broken = true;
        this.skip(`its ${options.contentEncoding} encoding is broken`);
        collector.end();
      });
      this.sink = decoder;
    } else this.sink = collector;
    this.done = once(collector, 'finish');
  }

  /** A writable taking the decoded body: kept whole, or for a stream parsed event by event. */
  private collector({
    stream,
    isStream,
    sentAt,
  }: {
    stream: StreamCheck | undefined;
    isStream: boolean;
    sentAt: number;
  }) {
    const text = new TextDecoder();
    const parser = createParser({
      onEvent: (message) => {
        const event: TappedEvent = {
          atMs: performance.now() - sentAt,
          event: message.event,
          data: message.data,
        };
        stream?.event(message.event, message.data);
        this.keep(event);
        this.emit('event', event);
      },
    });
    return new Writable({
      write: (chunk: Buffer, _encoding, callback) => {
        if (isStream) parser.feed(text.decode(chunk, { stream: true }));
        else this.take(chunk);
        callback();
      },
      final(callback) {
        if (isStream) parser.feed(text.decode());
        callback();
      },
    });
  }

  /** Keeps a decoded chunk of a body that is not a stream, up to the bound. */
  private take(chunk: Buffer): void {
    if (this.unchecked !== undefined) return;
    this.size += chunk.length;
    if (this.size > MAX_TAPPED_BYTES) this.skip(`the body is larger than ${MAX_TAPPED_BYTES} bytes`);
    else this.chunks.push(chunk);
  }

  private keep(event: TappedEvent): void {
    const { events } = this;
    if (events === undefined) return;
    this.eventBytes += event.data.length;
    if (events.length < MAX_TAPPED_EVENTS && this.eventBytes <= MAX_TAPPED_BYTES) events.push(event);
    else {
      this.events = undefined;
      this.notKept = `the stream has more than ${MAX_TAPPED_EVENTS} events or ${MAX_TAPPED_BYTES} bytes`;
    }
  }

  private skip(reason: string): void {
    this.unchecked ??= reason;
    this.chunks.length = 0;
  }

  /** A chunk of the answer as received (still encoded). */
  push(chunk: Buffer): void {
    if (this.sink === undefined) {
      if (this.decodable) this.take(chunk);
    } else if (!this.broken) this.sink.write(chunk);
  }

  /** Once the answer has ended: what the tap kept. */
  async finish(): Promise<Tapped> {
    if (this.sink && !this.broken) this.sink.end();
    if (this.done) await this.done;
    return {
      body: this.unchecked === undefined ? Buffer.concat(this.chunks) : undefined,
      events: this.unchecked === undefined ? this.events : undefined,
      unchecked: this.unchecked,
      notKept: this.notKept,
    };
  }
}
