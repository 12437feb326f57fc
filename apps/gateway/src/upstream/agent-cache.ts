/**
 * Short-lived cache of `agents.get` answers, per token, with identical concurrent reads coalesced
 * into one platform call. lru-cache's `fetch()` does both: a key being fetched is not fetched again
 * until its promise settles, and only successes are kept (a failure reaches every waiter, then is
 * forgotten). Keys hold a SHA-256 of the token so one token's entries are never served to another.
 *
 * An agent's answer may live for the TTL, but the token it was read with may be revoked at any
 * time, and the platform then refuses it at once. So a token's answers are served from memory only
 * within TOKEN_RECHECK_MS of the platform last accepting that token (the start of a call made with
 * it that succeeded); past that, a read goes to the platform again, which re-confirms the token for
 * all its cached agents or refuses it as the platform does. A revoked token is refused within a
 * second of its revocation, whatever the TTL, at the cost of at most two platform calls a second
 * per token that reads; the gateway needs no channel of its own to the platform for it.
 */
import { createHash } from 'node:crypto';
import type { Agent } from '@assistant-platform/types';
import { LRUCache } from 'lru-cache';

type Loader = () => Promise<Agent>;

/**
 * The longest a token's cached answers are served after the platform last accepted it: half of
 * the second the gateway promises, the other half left for the call that finds the token revoked.
 */
export const TOKEN_RECHECK_MS = 500;

export interface AgentCacheOptions {
  /** How long an answer is served from memory; 0 keeps nothing (reads are still coalesced). */
  ttlMs: number;
  maxEntries: number;
  /** Told of each read: `hit` when it made no platform call of its own (memory, or a read in flight). */
  onRead?: (result: 'hit' | 'miss') => void;
}

/** What a caching AgentCache keeps; a cache with caching off keeps none of it. */
interface Kept {
  agents: LRUCache<string, Agent, Loader>;
  /** When the platform last accepted each token (by its key), in `Date.now()` milliseconds. */
  accepted: LRUCache<string, number>;
}

export class AgentCache {
  /** Undefined with caching off (a TTL of 0): then nothing is kept, and no LRU is made. */
  readonly #kept: Kept | undefined;
  /**
   * Reads in flight while caching is off, so identical concurrent reads share one call. A plain map:
   * the LRU's entry for a read that is deleted as it lands empties the cache each time, and
   * lru-cache clears its whole `max`-sized index when that happens.
   */
  readonly #inFlight = new Map<string, Promise<Agent>>();
  readonly #onRead: ((result: 'hit' | 'miss') => void) | undefined;

  constructor(options: AgentCacheOptions) {
    this.#onRead = options.onRead;
    this.#kept =
      options.ttlMs > 0
        ? {
            agents: new LRUCache<string, Agent, Loader>({
              max: options.maxEntries,
              ttl: options.ttlMs,
              fetchMethod: (_key, _stale, { context }) => context(),
            }),
            accepted: new LRUCache<string, number>({ max: options.maxEntries }),
          }
        : undefined;
  }

  /** The agent `id` as seen with `token`: from memory, from a call in flight, or from `load`. */
  async get(token: string, id: number | string, load: Loader): Promise<Agent> {
    const tokenKey = keyOf(token);
    // `7` and `'7'` name the same agent, and so the same entry.
    const key = `${tokenKey}:${id}`;
    const kept = this.#kept;
    if (kept === undefined) return this.#shared(key, load);
    const acceptedAt = kept.accepted.get(tokenKey);
    const confirmed = acceptedAt !== undefined && Date.now() - acceptedAt < TOKEN_RECHECK_MS;
    let loaded = false;
    const confirming: Loader = async () => {
      loaded = true;
      const started = Date.now();
      const agent = await load();
      // The platform accepted the token at some moment of this call: its start is the safe one.
      if ((kept.accepted.get(tokenKey) ?? 0) < started) kept.accepted.set(tokenKey, started);
      return agent;
    };
    // An unconfirmed token reads from the platform (joining a call already in flight, if any).
    const pending = kept.agents.fetch(key, { context: confirming, forceRefresh: !confirmed });
    const agent = await pending.finally(() => this.#onRead?.(loaded ? 'miss' : 'hit'));
    // fetch() answers undefined only when the load was aborted, which this cache never does.
    if (agent === undefined) throw new Error('The agent read was abandoned.');
    return agent;
  }

  /** Caching off: a read joins the identical read in flight, or loads; nothing is kept after. */
  async #shared(key: string, load: Loader): Promise<Agent> {
    const inFlight = this.#inFlight.get(key);
    if (inFlight) return inFlight.finally(() => this.#onRead?.('hit'));
    const pending = load();
    this.#inFlight.set(key, pending);
    try {
      return await pending;
    } finally {
      this.#inFlight.delete(key);
      this.#onRead?.('miss');
    }
  }
}

function keyOf(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}
