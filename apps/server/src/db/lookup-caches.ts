/**
 * The two lookups every API request makes, cached above either store: a token by its hash (every
 * request) and an agent by id or reference id (GET agent, the hot read). Both are bounded, cache
 * only hits (random tokens or ids cannot grow them), and are emptied on this process's own writes
 * to their tables, after every transaction (a reader outside it may have cached a row the
 * transaction then replaced), and whenever the store's ChangeWatch reports a change elsewhere.
 * Agents never change once stored (the API has no update or delete, seeds only insert), so only a
 * state import or reset, or a revoke for tokens, ever empties them.
 */
import type { ChangeWatch } from './change-watch.js';
import type { ActiveToken, AgentsRepo, Repositories, StoredAgent, TokensRepo } from './store.js';

const TOKEN_CACHE_SIZE = 10_000;
const AGENT_CACHE_SIZE = 10_000;

/** A Map that forgets its oldest entry when full, and everything when the watch's epoch moves. */
class WatchedCache<T> {
  private readonly entries = new Map<string, T>();
  private seen: number;

  constructor(
    private readonly watch: ChangeWatch,
    private readonly size: number,
  ) {
    this.seen = watch.epoch();
  }

  get(key: string): T | undefined {
    const epoch = this.watch.epoch();
    if (epoch !== this.seen) {
      this.seen = epoch;
      this.entries.clear();
      return undefined;
    }
    return this.entries.get(key);
  }

  set(key: string, value: T): void {
    if (this.entries.size >= this.size) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(key, value);
  }

  clear(): void {
    this.entries.clear();
  }
}

/** The key of an agent lookup: `#7` for an id, the lower-cased reference id otherwise. */
export function agentKeyOf(lookup: string | number): { key: string; id?: number } {
  if (typeof lookup === 'number' || /^[0-9]+$/.test(lookup)) {
    const id = Number(lookup);
    return { key: `#${id}`, id };
  }
  return { key: lookup.toLowerCase() };
}

export function withLookupCaches(repos: Repositories, watch: ChangeWatch): Repositories {
  const tokens = new WatchedCache<ActiveToken>(watch, TOKEN_CACHE_SIZE);
  const agents = new WatchedCache<StoredAgent>(watch, AGENT_CACHE_SIZE);

  /** Repositories whose writes to tokens and agents empty the caches (reads are passed through). */
  const clearing = (inner: Repositories): Pick<Repositories, 'tokens' | 'agents'> => {
    const clearTokens = <A extends unknown[], R>(write: (...args: A) => Promise<R>) => {
      return (...args: A) => {
        tokens.clear();
        return write(...args);
      };
    };
    const tokensRepo: TokensRepo = {
      ...inner.tokens,
      ensure: clearTokens(inner.tokens.ensure),
      insert: clearTokens(inner.tokens.insert),
      deleteAll: clearTokens(inner.tokens.deleteAll),
      revoke: clearTokens(inner.tokens.revoke),
    };
    const agentsRepo: AgentsRepo = {
      ...inner.agents,
      deleteAll: () => {
        agents.clear();
        return inner.agents.deleteAll();
      },
    };
    return { tokens: tokensRepo, agents: agentsRepo };
  };

  const inTransaction = (tx: Repositories): Repositories => ({
    ...tx,
    ...clearing(tx),
    transaction: (fn) => fn(inTransaction(tx)),
  });

  const outside = clearing(repos);
  return {
    ...repos,
    tokens: {
      ...outside.tokens,
      async findActiveByHash(hash) {
        const cached = tokens.get(hash);
        if (cached) return cached;
        const row = await repos.tokens.findActiveByHash(hash);
        if (row) tokens.set(hash, row);
        return row;
      },
    },
    agents: {
      ...outside.agents,
      async find(lookup) {
        const { key } = agentKeyOf(lookup);
        const cached = agents.get(key);
        if (cached) return cached;
        const found = await repos.agents.find(lookup);
        if (found) agents.set(key, found);
        return found;
      },
    },
    async transaction(fn) {
      try {
        return await repos.transaction((tx) => fn(inTransaction(tx)));
      } finally {
        tokens.clear();
        agents.clear();
      }
    },
  };
}
