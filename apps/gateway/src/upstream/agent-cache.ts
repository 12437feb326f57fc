/**
 * Short-lived cache of `agents.get` answers, per token, with identical concurrent reads coalesced
 * into one platform call. lru-cache's `fetch()` does both: a key being fetched is not fetched again
 * until its promise settles, and only successes are kept (a failure reaches every waiter, then is
 * forgotten). Keys hold a SHA-256 of the token so one token's entries are never served to another.
 */
import { createHash } from 'node:crypto';
import type { Agent } from '@assistant-platform/types';
import { LRUCache } from 'lru-cache';

type Loader = () => Promise<Agent>;

export interface AgentCacheOptions {
  /** How long an answer is served from memory; 0 keeps nothing (reads are still coalesced). */
  ttlMs: number;
  maxEntries: number;
}

export class AgentCache {
  readonly #cache: LRUCache<string, Agent, Loader>;
  readonly #keep: boolean;

  constructor(options: AgentCacheOptions) {
    this.#keep = options.ttlMs > 0;
    this.#cache = new LRUCache<string, Agent, Loader>({
      max: options.maxEntries,
      // lru-cache reads ttl 0 as "never expires"; with caching off, entries are deleted on arrival.
      ttl: Math.max(options.ttlMs, 1),
      fetchMethod: (_key, _stale, { context }) => context(),
    });
  }

  /** The agent `id` as seen with `token`: from memory, from a call in flight, or from `load`. */
  async get(token: string, id: number | string, load: Loader): Promise<Agent> {
    const key = keyOf(token, id);
    const pending = this.#cache.fetch(key, { context: load });
    // Caching off: the waiters of this fetch share its answer, later calls load again.
    if (!this.#keep) void pending.finally(() => this.#cache.delete(key)).catch(() => undefined);
    const agent = await pending;
    // fetch() answers undefined only when the load was aborted, which this cache never does.
    if (agent === undefined) throw new Error('The agent read was abandoned.');
    return agent;
  }
}

// `7` and `'7'` name the same agent, and so the same entry.
function keyOf(token: string, id: number | string): string {
  return `${createHash('sha256').update(token).digest('base64url')}:${id}`;
}
