import { LRUCache } from 'lru-cache';
import type { SharedFailureCount } from '../shared/shared-auth-failures.js';

/**
 * Counts requests failing authentication per client address, so an address guessing tokens is
 * refused before its next guess costs a hash and a database lookup. A fixed window starts at an
 * address's first failure. Memory is bounded: past `MAX_ADDRESSES`, the least recently seen
 * address is forgotten (an attacker with that many addresses is beyond what this can stop).
 * With REDIS_URL the failures are counted across instances (`share`, see
 * shared/shared-auth-failures.ts), which block an address here when it reaches the limit anywhere;
 * the check before a lookup reads only this memory either way.
 */

const MAX_ADDRESSES = 10_000;

interface Window {
  failures: number;
  resetAt: number;
}

export class AuthFailureLimit {
  private readonly windows = new LRUCache<string, Window>({ max: MAX_ADDRESSES });
  private sharedCount: SharedFailureCount | undefined;

  constructor(readonly options: { max: number; windowMs: number }) {}

  /** Counts failures across instances from now on, through `count`. */
  share(count: SharedFailureCount): void {
    this.sharedCount = count;
  }

  /** Whole seconds until `address` may try again, or undefined if it is within its budget. */
  retryAfterSeconds(address: string): number | undefined {
    const window = this.current(address);
    if (!window || window.failures < this.options.max) return undefined;
    return Math.max(1, Math.ceil((window.resetAt - Date.now()) / 1000));
  }

  recordFailure(address: string): void {
    const { sharedCount } = this;
    if (sharedCount === undefined) {
      this.countLocally(address);
      return;
    }
    // The request answers 401 without waiting; a failure Redis could not count is counted here.
    void sharedCount(address).then((counted) => {
      if (!counted) this.countLocally(address);
    });
  }

  /** Refuses `address` until `resetAt` (it reached the limit on some instance). */
  block(address: string, resetAt: number): void {
    this.windows.set(address, { failures: this.options.max, resetAt });
  }

  private countLocally(address: string): void {
    const window = this.current(address);
    if (window) window.failures++;
    else this.windows.set(address, { failures: 1, resetAt: Date.now() + this.options.windowMs });
  }

  private current(address: string): Window | undefined {
    const window = this.windows.get(address);
    if (window && window.resetAt <= Date.now()) {
      this.windows.delete(address);
      return undefined;
    }
    return window;
  }
}
