/**
 * The in-flight slots instances take in Redis are leases: renewed while their request runs, so a
 * long stream keeps its slot, and ending on their own when their instance stops renewing them (it
 * crashed, or lost Redis), so a token is not locked out by a dead instance. Leases of 3.6 s here
 * (30 s in the server), renewed every 1.2 s.
 */
import { testRedis } from '@assistant-platform/test-redis/test-redis';
import { afterEach, describe, expect, it } from 'vitest';
import { sharedInFlightSlots } from '../../src/shared/in-flight-leases.js';
import { SharedRedis } from '../../src/shared/shared-redis.js';

const LEASE_MS = 3600;
const quiet = { error: () => undefined, warn: () => undefined, info: () => undefined };
const opened: SharedRedis[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((redis) => redis.close()));
});

async function instance(redis: { url: string; prefix: string }) {
  const shared = await SharedRedis.connect({ ...redis, display: 'test', failure: 'closed' }, quiet);
  opened.push(shared);
  return sharedInFlightSlots(shared, 1, LEASE_MS);
}

describe('in-flight slots across instances', () => {
  it('stay taken while their instance renews them, past their lease', async () => {
    const redis = testRedis();
    const [holder, other] = [await instance(redis), await instance(redis)];
    const release = await holder.take('token');
    expect(release).toBeDefined();
    await new Promise((resolve) => setTimeout(resolve, LEASE_MS + 500));
    expect(await other.take('token')).toBeUndefined();
    release?.();
    await expect
      .poll(async () => (await other.take('token')) !== undefined, { timeout: 60_000, interval: 20 })
      .toBe(true);
    holder.stop();
    other.stop();
  });

  it('free themselves once their instance stops renewing them', async () => {
    const redis = testRedis();
    const [crashed, other] = [await instance(redis), await instance(redis)];
    expect(await crashed.take('token')).toBeDefined();
    crashed.stop();
    expect(await other.take('token')).toBeUndefined();
    await expect
      .poll(async () => (await other.take('token')) !== undefined, { timeout: LEASE_MS + 5000, interval: 50 })
      .toBe(true);
    other.stop();
  });
});
