/**
 * The variables of what several instances share through Redis (see src/shared/): `REDIS_URL`
 * names the server, `REDIS_FAILURE` chooses what platform requests get while it cannot be reached,
 * `REDIS_PREFIX` starts every key and channel name, so deployments (or test runs) can share one
 * Redis without seeing each other's state. Without `REDIS_URL` the other two are ignored.
 */

import { envText, parsedBy } from '@assistant-platform/service-kit';
import * as z from 'zod/mini';

export interface RedisConfig {
  /** The URL as given, for the client only: it may hold a password. */
  url: string;
  /** What messages and logs show: the URL without its password. */
  display: string;
  /**
   * While Redis cannot be reached, platform requests are answered with this instance's own
   * counters and state (`open`), or with `503` and `Retry-After` (`closed`).
   */
  failure: 'open' | 'closed';
  /** Starts every key and channel name. */
  prefix: string;
}

/** `redis://` or `rediss://` (TLS), with an optional database number as its path. */
function redisUrlOf(text: string): { url: string; display: string } {
  let parsed: URL;
  try {
    parsed = new URL(text);
  } catch {
    // The URL may hold a password: the message never repeats it.
    throw new Error('is not a valid redis:// URL (redis://:password@host:6379/0)');
  }
  if (parsed.protocol !== 'redis:' && parsed.protocol !== 'rediss:')
    throw new Error(`must be a redis:// or rediss:// URL, not ${parsed.protocol}`);
  if (!parsed.hostname) throw new Error('names no host (redis://host:6379)');
  if (!/^\/?(?:\d{1,2})?$/.test(parsed.pathname))
    throw new Error('may have only a database number as its path (redis://host:6379/0)');
  const user = parsed.username ? `${parsed.username}@` : '';
  return { url: text, display: `${parsed.protocol}//${user}${parsed.host}${parsed.pathname}` };
}

export const redisEnvSchema = z.object({
  REDIS_URL: z.pipe(envText, z.optional(parsedBy(redisUrlOf))),
  REDIS_FAILURE: z._default(z.enum(['open', 'closed']), 'open'),
  REDIS_PREFIX: z._default(
    z.string().check(z.regex(/^[\x21-\x7e]{1,64}$/, 'must be 1 to 64 visible ASCII characters')),
    'assistant-platform:',
  ),
});

export function toRedisConfig(e: z.infer<typeof redisEnvSchema>): { redis?: RedisConfig } {
  if (e.REDIS_URL === undefined) return {};
  return { redis: { ...e.REDIS_URL, failure: e.REDIS_FAILURE, prefix: e.REDIS_PREFIX } };
}
