/**
 * The two lookups every API request makes, cached above either store: a token by its hash (every
 * request) and an agent by id or reference id (GET agent, the hot read). Both are bounded, cache
 * only hits (random tokens or ids cannot grow them), and are emptied on this process's own writes
 * to their tables, after every transaction (a reader outside it may have cached a row the
 * transaction then replaced), and whenever the store's ChangeWatch reports a change elsewhere.
 * Agents never change once stored (the API has no update or delete, seeds only insert), so only a
 * state import or reset, or a revoke for tokens, ever empties them. With a ChangeBus (REDIS_URL),
 * those changes are also announced to the other instances once committed: inserts are not, since
 * the caches hold only rows that were found, which an insert cannot make stale.
 */
import type { ChangeBus, ChangeWatch } from './change-watch.js';
import type {
  AccountDataRepo,
  ActiveToken,
  AgentsRepo,
  Repositories,
  StoredAgent,
  TokensRepo,
} from './store.js';

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

export function withLookupCaches(repos: Repositories, watch: ChangeWatch, bus?: ChangeBus): Repositories {
  const tokens = new WatchedCache<ActiveToken>(watch, TOKEN_CACHE_SIZE);
  const agents = new WatchedCache<StoredAgent>(watch, AGENT_CACHE_SIZE);
  /**
   * Repositories whose writes to tokens and agents empty the caches (reads are passed through);
   * `changed` is called once a change the other instances' caches may hold is written.
   */
  const clearing = (
    inner: Repositories,
    changed: () => void,
  ): Pick<Repositories, 'tokens' | 'agents' | 'accountData'> => {
    const clearing = <A extends unknown[], R>(
      cache: WatchedCache<unknown>,
      write: (...args: A) => Promise<R>,
      announce: boolean,
    ) => {
      return async (...args: A) => {
        cache.clear();
        const result = await write(...args);
        if (announce) changed();
        return result;
      };
    };
    const tokensRepo: TokensRepo = {
      ...inner.tokens,
      ensure: clearing(tokens, inner.tokens.ensure, false),
      insert: clearing(tokens, inner.tokens.insert, false),
      deleteAll: clearing(tokens, inner.tokens.deleteAll, true),
      revoke: clearing(tokens, inner.tokens.revoke, true),
      setScopes: clearing(tokens, inner.tokens.setScopes, true),
    };
    const agentsRepo: AgentsRepo = {
      ...inner.agents,
      deleteAll: clearing(agents, inner.agents.deleteAll, true),
    };
    // An account's own import or reset deletes its tokens and agents: both caches go.
    const accountDataRepo: AccountDataRepo = {
      ...inner.accountData,
      deleteOwned: clearing(tokens, clearing(agents, inner.accountData.deleteOwned, false), true),
    };
    return { tokens: tokensRepo, agents: agentsRepo, accountData: accountDataRepo };
  };

  /** A transaction's repositories; `changed` notes a change to announce once it commits. */
  const inTransaction = (tx: Repositories, changed: () => void): Repositories => ({
    ...tx,
    ...clearing(tx, changed),
    transaction: (fn) => fn(inTransaction(tx, changed)),
    requestTransaction: (fn) => fn(inTransaction(tx, changed)),
  });

  const outside = clearing(repos, () => bus?.announce());
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
      let changed = false;
      let committed = false;
      try {
        const result = await repos.transaction((tx) =>
          fn(
            inTransaction(tx, () => {
              changed = true;
            }),
          ),
        );
        committed = true;
        return result;
      } finally {
        tokens.clear();
        agents.clear();
        if (committed && changed) bus?.announce();
      }
    },
    // A request's transaction inserts (an agent, a key's answer), which no cached row can be stale
    // for: the caches are only emptied when it also changed rows they may hold.
    async requestTransaction(fn) {
      let changed = false;
      const result = await repos.requestTransaction((tx) =>
        fn(
          inTransaction(tx, () => {
            changed = true;
          }),
        ),
      );
      if (changed) {
        tokens.clear();
        agents.clear();
        bus?.announce();
      }
      return result;
    },
  };
}
