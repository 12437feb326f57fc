/**
 * Trace and span ids as W3C Trace Context writes them (32 and 16 lowercase hex digits), cut from a
 * pool of random bytes refilled from the system's generator: one fill serves a few thousand ids,
 * where OpenTelemetry's generator draws `Math.random()` for every four bytes of every id.
 */
import { randomFillSync } from 'node:crypto';
import { INVALID_SPANID, INVALID_TRACEID } from '@opentelemetry/api';

const POOL_BYTES = 16 * 1024;

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
    return id === INVALID_TRACEID || id === INVALID_SPANID ? this.#next(bytes) : id;
  }
}
