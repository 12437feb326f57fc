import { LRUCache } from 'lru-cache';
import type { SharedFailureCount } from '../shared/shared-auth-failures.js';

/**
 * Counts failed authentications per client address, and what an address over its budget still
 * gets. Many clients share one address (every local client is 127.0.0.1; a NAT, an office, a
 * balancer without TRUST_PROXY), and any web page a developer opens can send requests to a local
 * server, so an address's failures must never cost its valid tokens anything: a token is always
 * looked up, and a valid one is served. What a guessing address loses is speed: past its budget
 * its lookups run one at a time (`inTurn`), so it never has more than one store query in flight
 * and learns of one guess per round trip, and each failure answers 429 instead of 401. A token
 * the lookup caches know costs no query at all, so a valid token waits at most for the queries
 * ahead of it. A fixed window starts at an address's first failure. Memory is bounded: past
 * `MAX_ADDRESSES`, the least recently seen address is forgotten (an attacker with that many
 * addresses is beyond what this can stop). With REDIS_URL the failures are counted across
 * instances (`share`, see shared/shared-auth-failures.ts), which block an address here when it
 * reaches the limit anywhere; whether an address is blocked is read from this memory either way.
 */

const MAX_ADDRESSES = 10_000;

interface Window {
  failures: number;
  resetAt: number;
}

export class AuthFailureLimit {
  private readonly windows = new LRUCache<string, Window>({ max: MAX_ADDRESSES });
  /** Each blocked address's last lookup (settled or not): the next one waits for it. */
  private readonly turns = new Map<string, Promise<void>>();
  private sharedCount: SharedFailureCount | undefined;

  constructor(readonly options: { max: number; windowMs: number }) {}

  /** Counts failures across instances from now on, through `count`. */
  share(count: SharedFailureCount): void {
    this.sharedCount = count;
  }

  /** Whole seconds until `address` is within its budget again, or undefined if it is now. */
  retryAfterSeconds(address: string): number | undefined {
    const window = this.current(address);
    if (!window || window.failures < this.options.max) return undefined;
    return Math.max(1, Math.ceil((window.resetAt - Date.now()) / 1000));
  }

  /**
   * Runs `lookup` once the lookups `address` started before it have settled: an address over its
   * budget gets one store query at a time, however many requests it sends at once.
   */
  inTurn<T>(address: string, lookup: () => Promise<T>): Promise<T> {
    const previous = this.turns.get(address);
    const result = previous === undefined ? lookup() : previous.then(lookup);
    const settled = result.then(
      () => undefined,
      () => undefined,
    );
    this.turns.set(address, settled);
    void settled.then(() => {
      if (this.turns.get(address) === settled) this.turns.delete(address);
    });
    return result;
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

  /** Marks `address` over its budget until `resetAt` (it reached the limit on some instance). */
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
