/**
 * The per-token rate limit's counters in Redis, for @fastify/rate-limit's `store` option: every
 * instance counts against one counter per token and window, so a limit of N lets N through
 * across the deployment. The script is the plugin's own Redis store's (INCR, and the window's
 * expiry set by the first request of a window), keyed by the token's hash as the in-memory store
 * is; a store of our own rather than the plugin's `redis` option because that one cannot fall back:
 * while Redis cannot answer, this counts in memory on this instance (REDIS_FAILURE=open) or the
 * request answers 503 (closed).
 *
 * The same script reads the versions of the lists every instance keeps a copy of (fault rules,
 * chat fixtures: `copies`), which costs Redis two reads and the request nothing more: a copy that
 * is behind catches up before the request goes on, so a rule added through one instance applies to
 * the very next request any instance authenticates, not only once its message has arrived.
 */
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { LRUCache } from 'lru-cache';
import type { VersionedCopy } from './shared-list.js';
import type { SharedRedis } from './shared-redis.js';

// KEYS: the token's counter, then the version of each copy. Answers the count, the window's time
// left and the versions.
const COUNT = `
local current = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if current == 1 or ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
local answer = {current, ttl}
for i = 2, #KEYS do answer[i + 1] = tonumber(redis.call('GET', KEYS[i]) or '0') end
return answer`;

/** As many tokens as the in-memory store of the plugin keeps (its default cache). */
const LOCAL_KEYS = 5000;

type Answer = Parameters<FastifyRateLimitStore['incr']>[1];

/** The store class @fastify/rate-limit constructs, counting windows of `windowMs`. */
export function sharedRateLimitStore(
  shared: SharedRedis,
  windowMs: number,
  copies: readonly VersionedCopy[],
): FastifyRateLimitStoreCtor {
  const count = shared.script<number[]>('assistantRateLimit', 1 + copies.length, COUNT);
  const versionKeys = copies.map((copy) => copy.versionKey);
  const local = new LRUCache<string, { current: number; resetAt: number }>({ max: LOCAL_KEYS });
  const countLocally = (key: string) => {
    const now = Date.now();
    const window = local.get(key);
    if (window === undefined || window.resetAt <= now) {
      local.set(key, { current: 1, resetAt: now + windowMs });
      return { current: 1, ttl: windowMs };
    }
    window.current++;
    return { current: window.current, ttl: window.resetAt - now };
  };
  return class SharedRateLimitStore implements FastifyRateLimitStore {
    incr(key: string, answer: Answer): void {
      shared
        .shared(
          async () => {
            const [current = 0, ttl = 0, ...versions] = await count(
              shared.key(`rate:${key}`),
              ...versionKeys,
              windowMs,
            );
            for (const [index, copy] of copies.entries()) {
              const version = versions[index] ?? 0;
              if (copy.isBehind(version)) await copy.catchUp(version);
            }
            return { current, ttl };
          },
          () => countLocally(key),
        )
        .then((result) => answer(null, result), answer);
    }

    child(): FastifyRateLimitStore {
      return new SharedRateLimitStore();
    }
  };
}
