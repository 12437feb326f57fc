/**
 * The run's Redis for one test's servers (vitest-setup.mjs provides it), with a key prefix no other
 * test uses: servers given the same prefix share their state, as instances of one deployment do,
 * and no other test's servers see it.
 */
import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';

/** `{ url, prefix }`: REDIS_URL and REDIS_PREFIX for the servers of one deployment under test. */
export function testRedis() {
  return { url: inject('redis').url, prefix: `test:${randomBytes(6).toString('hex')}:` };
}
