/**
 * One instance cut off from its Redis with REDIS_FAILURE=closed (it then answers 503 and fails
 * /healthz) while clients read through the balancer: the balancer takes it out of the rotation and
 * sends it nothing more while the other serves, and until then sends each read it refused to the
 * other, so neither plain clients nor the SDK's readers see an error; once Redis is back the
 * instance is taken back.
 */
import { createAssistantClient } from '@assistant-platform/client';
import { TEST_TOKENS } from '@assistant-platform/server/testing';
import { describe, expect, it } from 'vitest';
import { deploy, type Instance } from './deployment.js';
import { haproxyForSuite } from './haproxy.js';
import { auth, runClients, Seen, UNLIMITED } from './load.js';

const haproxy = haproxyForSuite('balancer: one instance cut off from Redis');
const POLL = { timeout: 60_000, interval: 100 };

describe.skipIf(haproxy === undefined)('an instance cut off from Redis (closed), behind the balancer', () => {
  it('gets no requests while it fails /healthz, and gets them again once it passes', {
    timeout: 240_000,
  }, async () => {
    const deployment = await deploy(haproxy as string, 2, { ...UNLIMITED, REDIS_FAILURE: 'closed' });
    const { balancer } = deployment;
    const [cut] = deployment.instances as [Instance, Instance];
    const status = async () => (await balancer.servers())['server-1']?.status;
    const sentToCut = async () => (await deployment.sent())[0] ?? 0;
    const seen = new Seen();
    const raw = runClients(3, async () => {
      await seen.fetch(`${balancer.origin}/v1/agents/view/1`, { headers: auth });
    });
    const sdk = createAssistantClient({ baseUrl: `${balancer.origin}/v1`, token: TEST_TOKENS.all });
    const sdkErrors: unknown[] = [];
    let sdkReads = 0;
    const readers = runClients(3, async () => {
      await sdk.agents.get(1).then(
        () => sdkReads++,
        (error: unknown) => sdkErrors.push(error),
      );
    });
    await expect.poll(() => seen.count(200), POLL).toBeGreaterThan(50);

    await cut.redis.cut();
    await expect.poll(async () => (await fetch(`${cut.origin}/healthz`)).status, POLL).toBe(503);
    await expect.poll(status, POLL).toMatch(/^DOWN/);
    // Out of the rotation: it is sent nothing more while the other answers 100 more reads.
    const sentWhenDown = await sentToCut();
    const okWhenDown = seen.count(200);
    await expect.poll(() => seen.count(200), POLL).toBeGreaterThan(okWhenDown + 100);
    expect(await sentToCut()).toBe(sentWhenDown);

    await cut.redis.restore();
    await expect.poll(status, POLL).toBe('UP');
    await expect.poll(sentToCut, POLL).toBeGreaterThan(sentWhenDown + 20);
    await Promise.all([raw.stop(), readers.stop()]);

    expect(seen.notEnvelopes).toEqual([]);
    // The cut instance's 503s, before the balancer took it out, were sent again to the other.
    expect(seen.summary()).toBe(JSON.stringify({ 200: seen.total() }));
    expect(sdkErrors).toEqual([]);
    expect(sdkReads).toBeGreaterThan(100);
  });
});
