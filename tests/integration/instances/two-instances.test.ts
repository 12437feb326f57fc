/**
 * Two reference server instances, each its own process, on one PostgreSQL database and one Redis:
 * the deployment of compose.yaml. Limits, revocations, data, fault rules and the journal are the
 * deployment's, whichever instance a request reaches.
 */
import { TEST_TOKENS } from '@assistant-platform/server/testing';
import { describe, expect, it } from 'vitest';
import { type Deployment, deploy as deployWith, type Instance } from './deployment.js';
import { haproxyForSuite } from './haproxy.js';

const haproxy = haproxyForSuite('two instances');
const deploy = (count: number, env?: Record<string, string>): Promise<Deployment> =>
  deployWith(haproxy as string, count, env);

const POLL = { timeout: 60_000, interval: 50 };
const auth = (token: string) => ({ authorization: `Bearer ${token}` });
const json = { 'content-type': 'application/json' };

const getAgent = (instance: Instance, id: number | string = 1, token: string = TEST_TOKENS.all) =>
  fetch(`${instance.origin}/v1/agents/view/${id}`, { headers: auth(token) });
const admin = (instance: Instance, method: string, path: string, body?: object) =>
  fetch(`${instance.origin}/_admin${path}`, {
    method,
    headers: { ...auth(TEST_TOKENS.admin), ...(body ? json : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });

describe.skipIf(haproxy === undefined)('two instances on one PostgreSQL database and one Redis', () => {
  it('let exactly RATE_LIMIT_MAX requests of a token through across both, behind the balancer', async () => {
    const deployment = await deploy(2, { RATE_LIMIT_MAX: '7' });
    const { balancer } = deployment;
    const statuses: number[] = [];
    for (let i = 0; i < 16; i++) {
      const answer = await fetch(`${balancer.origin}/v1/agents/view/1`, { headers: auth(TEST_TOKENS.all) });
      await answer.arrayBuffer();
      statuses.push(answer.status);
    }
    expect(statuses).toEqual([...Array(7).fill(200), ...Array(9).fill(429)]);
    // Half of them each: one instance alone would have let all its 8 through.
    expect(await deployment.sent()).toEqual([8, 8]);
  });

  it('refuse a token revoked through one on the other, which had it cached', async () => {
    const [one, two] = (await deploy(2)).instances as [Instance, Instance];
    expect((await getAgent(two, 1, TEST_TOKENS.read)).status).toBe(200);
    const revoked = await admin(one, 'DELETE', '/tokens/3');
    expect(((await revoked.json()) as { data: unknown }).data).toMatchObject({ id: 3, name: 'read' });
    await expect.poll(async () => (await getAgent(two, 1, TEST_TOKENS.read)).status, POLL).toBe(401);
  });

  it('read from either what both create', async () => {
    const deployment = await deploy(2);
    const { instances, balancer } = deployment;
    const created = await Promise.all(
      Array.from({ length: 10 }, async (_, i) => {
        const answer = await fetch(`${balancer.origin}/v1/agents/create`, {
          method: 'POST',
          headers: { ...auth(TEST_TOKENS.all), ...json },
          body: JSON.stringify({ name: `agent ${i}`, instruction: 'Answer briefly.' }),
        });
        expect(answer.status).toBe(201);
        return ((await answer.json()) as { data: { id: number; agentReferenceId: string } }).data;
      }),
    );
    expect(await deployment.sent()).toEqual([5, 5]);
    for (const [i, agent] of created.entries())
      for (const reader of instances) {
        const read = (await (await getAgent(reader, agent.agentReferenceId)).json()) as {
          data: { name: string };
        };
        expect(read.data.name).toBe(`agent ${i}`);
      }
  });

  it('apply a fault rule added through one to requests the other answers', async () => {
    const [one, two] = (await deploy(2)).instances as [Instance, Instance];
    const added = await admin(one, 'POST', '/faults', {
      match: { path: '/v1/agents/view/*' },
      fault: { code: 503 },
      times: 1,
    });
    expect(added.status).toBe(201);
    const faulted = await getAgent(two);
    expect(faulted.status).toBe(503);
    expect(faulted.headers.get('retry-after')).toBe('1');
    expect((await getAgent(one)).status).toBe(200);
    const listed = (await (await admin(two, 'GET', '/faults')).json()) as {
      data: { faults: { fired: number }[] };
    };
    expect(listed.data.faults).toMatchObject([{ fired: 1 }]);
  });

  it('list the other instance’s requests in the journal of either', async () => {
    const [one, two] = (await deploy(2)).instances as [Instance, Instance];
    await (
      await fetch(`${one.origin}/v1/agents/view/1`, {
        headers: { ...auth(TEST_TOKENS.all), 'x-request-id': 'sent-to-one' },
      })
    ).arrayBuffer();
    await (
      await fetch(`${two.origin}/v1/agents/view/2`, {
        headers: { ...auth(TEST_TOKENS.all), 'x-request-id': 'sent-to-two' },
      })
    ).arrayBuffer();
    const requestIds = async (instance: Instance) =>
      (
        (await (await admin(instance, 'GET', '/requests')).json()) as {
          data: { requests: { requestId: string }[] };
        }
      ).data.requests.map((entry) => entry.requestId);
    await expect.poll(() => requestIds(one), POLL).toEqual(['sent-to-two', 'sent-to-one']);
    expect(await requestIds(two)).toEqual(['sent-to-two', 'sent-to-one']);
  });

  it('say at start-up what they share; one on the database without REDIS_URL warns its limits are its own', async () => {
    const deployment = await deploy(1);
    const [shared] = deployment.instances as [Instance];
    expect(shared.output()).toMatch(
      /Shared with the other instances: Redis at redis:\/\/127\.0\.0\.1:\d+, keys test:\w+:\*/,
    );
    // The URL's password is never printed.
    expect(shared.output()).not.toMatch(/redis:\/\/[^\s]*@/);
    expect(shared.output()).not.toContain('without REDIS_URL');

    const alone = await deployment.start({ REDIS_URL: '' });
    await expect
      .poll(() => alone.output(), POLL)
      .toContain('PostgreSQL without REDIS_URL: rate limits, failed-authentication and in-flight limits');
    expect(alone.output()).not.toContain('Shared with the other instances');
  });
});
