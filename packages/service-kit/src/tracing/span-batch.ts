/**
 * Finished spans as they cross from a service's event loop to its export thread
 * (span-export-worker.ts): written into one buffer per batch, which is then transferred, not
 * copied. Attribute names are numbers into a table that grows as names are first seen (each batch
 * carries the names added since the last). Spans sent as objects (OpenTelemetry's, or arrays of
 * their fields) cost the event loop a structured copy of every id, name and attribute, and the
 * garbage of making them: more than the rest of tracing together (bench/tracing-cost.mjs).
 *
 * One span, little-endian: kind, status code, trace flags, whether the parent is the caller's (one
 * byte each); trace id (32 bytes), span id (16), parent span id (16, zeros for a trace's first span),
 * each as its hex digits (writing the digits costs half of decoding them into bytes); start and end (`performance.now()` milliseconds of the recording thread, float64); name and
 * `tracestate` (strings); the number of attributes (uint16), and each as its name's number
 * (uint16), a type byte and its value. A string is its UTF-8 length (uint32) and bytes.
 */

import { INVALID_SPANID } from '@opentelemetry/api';
import type { TracingConfig } from './tracing-config.js';

/** An attribute's value, as OpenTelemetry takes them. */
export type AttributeValue = string | number | boolean | string[];

/** A span once it ended, as the event loop records it. */
export interface FinishedSpan {
  readonly traceId: string;
  readonly spanId: string;
  /** Empty for a trace's first span. */
  readonly parentSpanId: string;
  /** Whether the parent is the caller's (from `traceparent`), not this service's. */
  readonly remoteParent: boolean;
  readonly traceFlags: number;
  /** The caller's `tracestate`, as received; empty when none. */
  readonly traceState: string;
  readonly name: string;
  /** OpenTelemetry's `SpanKind`. */
  readonly kind: number;
  readonly startMs: number;
  readonly endMs: number;
  /** OpenTelemetry's `SpanStatusCode`. */
  readonly statusCode: number;
  /** Name numbers and values, alternating. */
  readonly attributes: readonly (number | AttributeValue)[];
}

/** What the event loop posts to the export thread. */
export type ToExporter =
  | { type: 'spans'; names: string[]; bytes: ArrayBuffer; length: number; count: number }
  | { type: 'shutdown' };

/**
 * What the export thread answers: how many spans it took off the event loop's count (and the
 * batch's buffer back, to be written again), or that it is done.
 */
export type FromExporter = { type: 'taken'; count: number; bytes: ArrayBuffer } | { type: 'closed' };

/** What the export thread starts with: the exporter's part of the configuration, and the clock's origin. */
export type ExporterSetup = Pick<
  TracingConfig,
  'exporter' | 'url' | 'protocol' | 'batchDelayMs' | 'maxQueueSize' | 'serviceName'
> & {
  version: string;
  /** `performance.timeOrigin` of the recording thread, against which its span times are read. */
  timeOrigin: number;
};

enum ValueType {
  String = 0,
  Number = 1,
  Boolean = 2,
  Strings = 3,
}

/** The fixed fields' bytes: four flags, the three ids' digits, two times. */
const FIXED_BYTES = 84;
/** An attribute's name and type, and its value when that is a number (the largest of fixed size). */
const ATTRIBUTE_MAX_FIXED_BYTES = 11;
/** The most items of a list attribute kept (its count is written in two bytes). */
const MAX_LIST = 0xffff;
const INITIAL_BYTES = 64 * 1024;

/** Writes spans into a growing buffer; `take` hands its bytes over and starts an empty one. */
export class SpanWriter {
  #buffer = Buffer.allocUnsafeSlow(INITIAL_BYTES);
  #at = 0;

  get length(): number {
    return this.#at;
  }

  write(span: FinishedSpan): void {
    const { attributes } = span;
    this.#room(FIXED_BYTES);
    const buffer = this.#buffer;
    let at = this.#at;
    buffer[at] = span.kind;
    buffer[at + 1] = span.statusCode;
    buffer[at + 2] = span.traceFlags;
    buffer[at + 3] = span.remoteParent ? 1 : 0;
    buffer.write(span.traceId, at + 4, 32, 'latin1');
    buffer.write(span.spanId, at + 36, 16, 'latin1');
    buffer.write(span.parentSpanId === '' ? INVALID_SPANID : span.parentSpanId, at + 52, 16, 'latin1');
    buffer.writeDoubleLE(span.startMs, at + 68);
    buffer.writeDoubleLE(span.endMs, at + 76);
    at += FIXED_BYTES;
    this.#at = at;
    this.#string(span.name);
    this.#string(span.traceState);
    this.#room(2);
    this.#buffer.writeUInt16LE(attributes.length >> 1, this.#at);
    this.#at += 2;
    for (let i = 0; i + 1 < attributes.length; i += 2) {
      // Room for the name, the type and the largest fixed value before any of them is written: a
      // buffer grown later would copy only what was written before `#at`.
      this.#room(ATTRIBUTE_MAX_FIXED_BYTES);
      const buffer = this.#buffer;
      const at = this.#at;
      buffer.writeUInt16LE(attributes[i] as number, at);
      const value = attributes[i + 1] as AttributeValue;
      if (typeof value === 'string') {
        buffer[at + 2] = ValueType.String;
        this.#at += 3;
        this.#string(value);
      } else if (typeof value === 'number') {
        buffer[at + 2] = ValueType.Number;
        buffer.writeDoubleLE(value, at + 3);
        this.#at += 11;
      } else if (typeof value === 'boolean') {
        buffer[at + 2] = ValueType.Boolean;
        buffer[at + 3] = value ? 1 : 0;
        this.#at += 4;
      } else {
        buffer[at + 2] = ValueType.Strings;
        const count = Math.min(value.length, MAX_LIST);
        buffer.writeUInt16LE(count, at + 3);
        this.#at += 5;
        for (let item = 0; item < count; item++) this.#string(value[item] as string);
      }
    }
  }

  /**
   * The bytes written so far, to be transferred; the writer goes on in `next` (a buffer the export
   * thread handed back, so batches take turns in a few buffers instead of allocating one each) or a
   * new one.
   */
  take(next?: ArrayBuffer): ArrayBuffer {
    const { buffer } = this.#buffer;
    this.#buffer =
      next !== undefined && next.byteLength >= INITIAL_BYTES
        ? Buffer.from(next)
        : Buffer.allocUnsafeSlow(Math.max(INITIAL_BYTES, this.#buffer.length));
    this.#at = 0;
    return buffer as ArrayBuffer;
  }

  #string(value: string): void {
    // UTF-8 takes at most three bytes for each UTF-16 unit.
    this.#room(4 + value.length * 3);
    const written = this.#buffer.write(value, this.#at + 4, 'utf8');
    this.#buffer.writeUInt32LE(written, this.#at);
    this.#at += 4 + written;
  }

  #room(bytes: number): void {
    if (this.#at + bytes <= this.#buffer.length) return;
    const grown = Buffer.allocUnsafeSlow(Math.max(this.#buffer.length * 2, this.#at + bytes));
    this.#buffer.copy(grown, 0, 0, this.#at);
    this.#buffer = grown;
  }
}

/** A span as read back on the export thread: attribute names resolved. */
export interface ReadSpan extends Omit<FinishedSpan, 'attributes'> {
  attributes: Record<string, AttributeValue>;
}

/** The spans of a batch, their attribute names looked up in `names`. */
export function readSpans(bytes: ArrayBuffer, length: number, names: readonly string[]): ReadSpan[] {
  const buffer = Buffer.from(bytes, 0, length);
  const spans: ReadSpan[] = [];
  let at = 0;
  const string = () => {
    const size = buffer.readUInt32LE(at);
    const value = buffer.toString('utf8', at + 4, at + 4 + size);
    at += 4 + size;
    return value;
  };
  while (at < length) {
    const kind = buffer[at] as number;
    const statusCode = buffer[at + 1] as number;
    const traceFlags = buffer[at + 2] as number;
    const remoteParent = buffer[at + 3] === 1;
    const traceId = buffer.toString('latin1', at + 4, at + 36);
    const spanId = buffer.toString('latin1', at + 36, at + 52);
    const parent = buffer.toString('latin1', at + 52, at + 68);
    const startMs = buffer.readDoubleLE(at + 68);
    const endMs = buffer.readDoubleLE(at + 76);
    at += FIXED_BYTES;
    const name = string();
    const traceState = string();
    const count = buffer.readUInt16LE(at);
    at += 2;
    const attributes: Record<string, AttributeValue> = {};
    for (let i = 0; i < count; i++) {
      const key = names[buffer.readUInt16LE(at)] ?? 'unknown';
      const type = buffer[at + 2];
      at += 3;
      if (type === ValueType.String) attributes[key] = string();
      else if (type === ValueType.Number) {
        attributes[key] = buffer.readDoubleLE(at);
        at += 8;
      } else if (type === ValueType.Boolean) {
        attributes[key] = buffer[at] === 1;
        at += 1;
      } else {
        const items = buffer.readUInt16LE(at);
        at += 2;
        const list: string[] = [];
        for (let j = 0; j < items; j++) list.push(string());
        attributes[key] = list;
      }
    }
    spans.push({
      traceId,
      spanId,
      parentSpanId: parent === INVALID_SPANID ? '' : parent,
      remoteParent,
      traceFlags,
      traceState,
      name,
      kind,
      startMs,
      endMs,
      statusCode,
      attributes,
    });
  }
  return spans;
}
