/**
 * Failed authentications counted per client address across instances: one counter per address in
 * Redis, whose window starts at its first failure, as the in-memory one's does. The request that
 * reaches the limit publishes a block (the address and the window's time left) that every
 * instance, itself included, writes into its own AuthFailureLimit: the check before each token
 * lookup stays a memory read, and an address refused by one instance is refused by all as soon as
 * they hear of it (milliseconds). While Redis cannot answer, failures are counted on the instance
 * that saw them, whatever REDIS_FAILURE says (the request is a 401 anyway).
 */
import type { SharedRedis } from './shared-redis.js';

const COUNT = `
local failures = redis.call('INCR', KEYS[1])
if failures == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if failures >= tonumber(ARGV[2]) then redis.call('PUBLISH', KEYS[2], ttl .. ' ' .. ARGV[3]) end
return failures`;

const CHANNEL = 'auth-blocks';

/** Counts an address's failure across instances; false when Redis could not count it. */
export type SharedFailureCount = (address: string) => Promise<boolean>;

export async function shareAuthFailures(
  shared: SharedRedis,
  options: { max: number; windowMs: number },
  block: (address: string, resetAt: number) => void,
): Promise<SharedFailureCount> {
  const count = shared.script<number>('assistantAuthFailure', 2, COUNT);
  await shared.subscribe(CHANNEL, (message) => {
    const space = message.indexOf(' ');
    const ttl = Number(message.slice(0, space));
    if (space > 0 && ttl > 0) block(message.slice(space + 1), Date.now() + ttl);
  });
  return async (address) => {
    if (!shared.isUp()) return false;
    try {
      await count(
        shared.key(`auth-failures:${address}`),
        shared.key(CHANNEL),
        options.windowMs,
        options.max,
        address,
      );
      return true;
    } catch {
      return false;
    }
  };
}
