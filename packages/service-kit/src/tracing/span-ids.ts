/**
 * Trace and span ids as W3C Trace Context writes them (32 and 16 lowercase hex digits), cut from a
 * pool of random bytes refilled from the system's generator: one fill serves a few thousand ids,
 * where OpenTelemetry's generator draws `Math.random()` for every four bytes of every id.
 */
import { randomFillSync } from 'node:crypto';
import { ZERO_SPAN_ID } from './span-batch.js';

const POOL_BYTES = 16 * 1024;
/** The specification's invalid trace id (its invalid span id is span-batch.ts's). */
const ZERO_TRACE_ID = '0'.repeat(32);

export class SpanIds {
  readonly #pool = Buffer.allocUnsafe(POOL_BYTES);
  #at = POOL_BYTES;

  generateTraceId(): string {
    return this.#next(16);
  }

  generateSpanId(): string {
    return this.#next(8);
  }

  #next(bytes: number): string {
    if (this.#at + bytes > POOL_BYTES) {
      randomFillSync(this.#pool);
      this.#at = 0;
    }
    const id = this.#pool.toString('hex', this.#at, this.#at + bytes);
    this.#at += bytes;
    // All zeros is the specification's invalid id; drawing again is as random as the rest.
    return id === ZERO_TRACE_ID || id === ZERO_SPAN_ID ? this.#next(bytes) : id;
  }
}
