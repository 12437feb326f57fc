import { LRUCache } from 'lru-cache';

/**
 * Counts requests failing authentication per client address, so an address guessing tokens is
 * refused before its next guess costs a hash and a database lookup. A fixed window starts at an
 * address's first failure. Memory is bounded: past `MAX_ADDRESSES`, the least recently seen
 * address is forgotten (an attacker with that many addresses is beyond what this can stop).
 */

const MAX_ADDRESSES = 10_000;

interface Window {
  failures: number;
  resetAt: number;
}

export class AuthFailureLimit {
  private readonly windows = new LRUCache<string, Window>({ max: MAX_ADDRESSES });

  constructor(readonly options: { max: number; windowMs: number }) {}

  /** Whole seconds until `address` may try again, or undefined if it is within its budget. */
  retryAfterSeconds(address: string): number | undefined {
    const window = this.current(address);
    if (!window || window.failures < this.options.max) return undefined;
    return Math.max(1, Math.ceil((window.resetAt - Date.now()) / 1000));
  }

  recordFailure(address: string): void {
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
