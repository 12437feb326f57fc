/**
 * The per-token in-flight limit of chat and embeddings across instances: each request in flight
 * holds a lease, a member of its token's sorted set in Redis scored by when the lease ends. A
 * request takes one only while fewer than the limit are alive (one script: drop the ended leases,
 * count, add), and gives it back when its answer ends or its client goes away. A lease lasts
 * LEASE_MS and its instance renews the ones it holds every third of that, so a long stream keeps
 * its slot, and the slots of an instance that crashed (or lost Redis) free themselves within
 * LEASE_MS. Times are Redis's own clock, so instances' clocks need not agree.
 * While Redis cannot answer: this instance's own count (REDIS_FAILURE=open) or a 503 (closed).
 */
import { randomBytes } from 'node:crypto';
import type { SharedRedis } from './shared-redis.js';

const LEASE_MS = 30_000;

const NOW_MS = `local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)`;

const TAKE = `${NOW_MS}
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[1]) then return 0 end
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[2]), ARGV[3])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return 1`;

const RENEW = `${NOW_MS}
for i, key in ipairs(KEYS) do
  redis.call('ZADD', key, 'XX', now + tonumber(ARGV[1]), ARGV[i + 1])
  redis.call('PEXPIRE', key, ARGV[1])
end
return #KEYS`;

/** Gives a slot back. */
export type Release = () => void;

/** A slot for a request of `tokenHash`, or undefined when the token has `max` in flight already. */
export type TakeSlot = (tokenHash: string) => Promise<Release | undefined>;

/**
 * This instance's own count of each token's slots: the limit without REDIS_URL, and the shared
 * limit's while Redis cannot answer (REDIS_FAILURE=open).
 */
export function localInFlightSlots(max: number): (tokenHash: string) => Release | undefined {
  const inFlight = new Map<string, number>();
  return (tokenHash) => {
    const count = inFlight.get(tokenHash) ?? 0;
    if (count >= max) return undefined;
    inFlight.set(tokenHash, count + 1);
    return () => {
      const left = (inFlight.get(tokenHash) ?? 1) - 1;
      if (left > 0) inFlight.set(tokenHash, left);
      else inFlight.delete(tokenHash);
    };
  };
}

/** `leaseMs`: how long the slots of an instance that stopped renewing them stay taken. */
export function sharedInFlightSlots(
  shared: SharedRedis,
  max: number,
  leaseMs = LEASE_MS,
): { take: TakeSlot; stop(): void } {
  const take = shared.script<number>('assistantInFlightTake', 1, TAKE);
  const renewScript = shared.script<number>('assistantInFlightRenew', 'first-argument', RENEW);
  const instance = randomBytes(8).toString('hex');
  let sequence = 0;
  /** The leases this instance holds: member → key. */
  const held = new Map<string, string>();
  const takeLocally = localInFlightSlots(max);

  const renew = setInterval(() => {
    if (held.size === 0 || !shared.isUp()) return;
    const keys = [...held.values()];
    void renewScript(keys.length, ...keys, leaseMs, ...held.keys()).catch(() => undefined);
  }, leaseMs / 3);
  renew.unref();

  const takeShared = async (tokenHash: string): Promise<Release | undefined> => {
    const key = shared.key(`in-flight:${tokenHash}`);
    const member = `${instance}:${++sequence}`;
    if ((await take(key, max, leaseMs, member)) === 0) return undefined;
    held.set(member, key);
    return () => {
      held.delete(member);
      // Lost, the lease still ends by itself within LEASE_MS.
      if (shared.isUp()) void shared.commands.zrem(key, member).catch(() => undefined);
    };
  };

  return {
    take: (tokenHash) =>
      shared.shared(
        () => takeShared(tokenHash),
        () => takeLocally(tokenHash),
      ),
    stop: () => clearInterval(renew),
  };
}
