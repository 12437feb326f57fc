/**
 * PostgreSQL stopped and started under the whole deployment (every instance's connections to it
 * reset, new ones refused, then back): the instances fail /healthz meanwhile, the balancer answers
 * its 503 envelope with Retry-After when none can serve, and readers using the SDK, which retries a
 * 503 after its Retry-After, see no error at all. Every answer on the wire is an envelope. Before
 * the balancer takes them out, the instances themselves must answer the outage `503` with
 * Retry-After (the store's part), not a `500` the SDK retries at once and exhausts.
 */
import { createAssistantClient } from '@assistant-platform/client';
import { TEST_TOKENS } from '@assistant-platform/server/testing';
import { describe, expect, it } from 'vitest';
import { deploy } from './deployment.js';
import { haproxyForSuite } from './haproxy.js';
import { auth, runClients, Seen, UNLIMITED } from './load.js';

const haproxy = haproxyForSuite('balancer: PostgreSQL stopped and started');
const POLL = { timeout: 60_000, interval: 100 };

describe.skipIf(haproxy === undefined)('PostgreSQL stopped and started, behind the balancer', () => {
  it('leaves the SDK’s GETs without an error', { timeout: 240_000 }, async () => {
    const deployment = await deploy(haproxy as string, 2, UNLIMITED);
    const { balancer, instances } = deployment;
    const seen = new Seen();
    const raw = runClients(2, async () => {
      await seen.fetch(`${balancer.origin}/v1/agents/view/1`, { headers: auth });
    });
    const sdk = createAssistantClient({ baseUrl: `${balancer.origin}/v1`, token: TEST_TOKENS.all });
    const sdkErrors: unknown[] = [];
    let sdkReads = 0;
    const readers = runClients(4, async (client) => {
      await sdk.agents.get(1 + (client % 2)).then(
        () => sdkReads++,
        (error: unknown) => sdkErrors.push(error),
      );
    });
    await expect.poll(() => sdkReads, POLL).toBeGreaterThan(50);

    await Promise.all(instances.map((instance) => instance.postgres.cut()));
    for (const instance of instances)
      await expect.poll(async () => (await fetch(`${instance.origin}/healthz`)).status, POLL).toBe(503);
    await Promise.all(instances.map((instance) => instance.postgres.restore()));
    await expect
      .poll(async () => Object.values(await balancer.servers()).map((server) => server.status), POLL)
      .toEqual(['UP', 'UP']);
    const readsWhenBack = sdkReads;
    await expect.poll(() => sdkReads, POLL).toBeGreaterThan(readsWhenBack + 50);
    await Promise.all([raw.stop(), readers.stop()]);

    expect(seen.notEnvelopes).toEqual([]);
    expect(sdkErrors).toEqual([]);
  });
});
