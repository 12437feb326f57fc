/**
 * What the balancer decides itself: its own answers are the platform's envelopes (the SDK reads
 * them as it reads the server's), and it sends a request a second time only when that cannot do
 * the work twice: one it could not send at all goes to the other instance whatever its method; one
 * an instance died under, or answered 503, goes again only if it is a GET or carries an
 * Idempotency-Key. (A 503 here comes from a fault rule both instances share through Redis.)
 */
import { APIConnectionError, createAssistantClient, InternalServerError } from '@assistant-platform/client';
import { TEST_TOKENS } from '@assistant-platform/server/testing';
import { describe, expect, it } from 'vitest';
import { type Deployment, deploy, exited, type Instance } from './deployment.js';
import { haproxyForSuite, SERVER_SLOTS } from './haproxy.js';
import { auth, json, Seen, UNLIMITED } from './load.js';
import { agentsByName } from './written-agents.js';

const haproxy = haproxyForSuite('balancer: its own answers');
const POLL = { timeout: 60_000, interval: 50 };

/** Sends `init` held 4 s by the instance (`Prefer: delay`), kills that instance meanwhile. */
async function killUnder(deployment: Deployment, seen: Seen, path: string, init: RequestInit) {
  const headers = { ...auth, ...(init.headers as Record<string, string>), prefer: 'delay=4000' };
  const answer = seen.fetch(`${deployment.balancer.origin}${path}`, { ...init, headers });
  let slot = -1;
  await expect
    .poll(async () => {
      const servers = await deployment.balancer.servers();
      slot = SERVER_SLOTS.findIndex((name) => (servers[name]?.current ?? 0) > 0);
      return slot;
    }, POLL)
    .toBeGreaterThanOrEqual(0);
  const holder = deployment.instances[slot] as Instance;
  const other = 1 - slot;
  const sentToOther = (await deployment.sent())[other];
  holder.child.kill('SIGKILL');
  await exited(holder.child);
  const got = await answer;
  return { got, sentAgainToOther: ((await deployment.sent())[other] ?? 0) - (sentToOther ?? 0) };
}

const create = (name: string, key?: string): RequestInit => ({
  method: 'POST',
  headers: { ...json, ...(key === undefined ? {} : { 'idempotency-key': key }) },
  body: JSON.stringify({ name, instruction: 'Answer briefly.' }),
});

const admin = { authorization: `Bearer ${TEST_TOKENS.admin}`, ...json };

/** Adds a fault rule answering 503 on `method path` through `instance`; returns how often it fired. */
async function fault503(instance: Instance, method: string, path: string, times?: number) {
  const added = await fetch(`${instance.origin}/_admin/faults`, {
    method: 'POST',
    headers: admin,
    body: JSON.stringify({ match: { method, path }, fault: { code: 503 }, ...(times ? { times } : {}) }),
  });
  expect(added.status).toBe(201);
  const { id } = ((await added.json()) as { data: { id: number } }).data;
  return async () => {
    const listed = await fetch(`${instance.origin}/_admin/faults`, { headers: admin });
    const { faults } = ((await listed.json()) as { data: { faults: { id: number; fired: number }[] } }).data;
    return faults.find((rule) => rule.id === id)?.fired;
  };
}

describe.skipIf(haproxy === undefined)('the balancer’s own decisions', () => {
  it('answers 503 as the platform does when no instance is up: envelope, Retry-After, request id', async () => {
    const deployment = await deploy(haproxy as string, 2);
    for (const instance of deployment.instances) instance.child.kill('SIGKILL');
    await expect
      .poll(
        async () => Object.values(await deployment.balancer.servers()).map((server) => server.status),
        POLL,
      )
      .toEqual(['DOWN', 'DOWN']);
    const answer = await fetch(`${deployment.balancer.origin}/v1/agents/view/1`, {
      headers: { ...auth, 'x-request-id': 'trace-503' },
    });
    expect(answer.status).toBe(503);
    expect(answer.headers.get('retry-after')).toBe('1');
    expect(answer.headers.get('x-request-id')).toBe('trace-503');
    expect(await answer.json()).toEqual({ success: false, message: 'Service unavailable' });

    const sdk = createAssistantClient({
      baseUrl: `${deployment.balancer.origin}/v1`,
      token: TEST_TOKENS.all,
    });
    const error = await sdk.agents.get(1, { maxRetries: 0 }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(InternalServerError);
    expect(error).not.toBeInstanceOf(APIConnectionError);
    expect(error).toMatchObject({ status: 503, message: 'Service unavailable' });
    expect((error as InternalServerError).requestId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('sends what it could not send to the other instance, a POST without a key included', async () => {
    const deployment = await deploy(haproxy as string, 2, UNLIMITED);
    const seen = new Seen();
    const dead = deployment.instances[0] as Instance;
    dead.child.kill('SIGKILL');
    await exited(dead.child);
    // Until its checks take the dead one out, every other request is sent to it first and refused.
    for (let i = 0; i < 10; i++)
      await seen.fetch(`${deployment.balancer.origin}/v1/agents/create`, {
        ...create(`refused ${i}`),
        headers: { ...auth, ...json },
      });
    expect(seen.summary()).toBe(JSON.stringify({ 201: 10 }));
  });

  it('never sends again a POST without a key an instance died under: its client gets the 502 envelope', async () => {
    const deployment = await deploy(haproxy as string, 2, UNLIMITED);
    const seen = new Seen();
    const { got, sentAgainToOther } = await killUnder(deployment, seen, '/v1/agents/create', create('once'));
    expect(got?.status).toBe(502);
    expect(got?.body).toEqual({ success: false, message: 'Bad gateway' });
    expect(sentAgainToOther).toBe(0);
    expect((await agentsByName(deployment.databaseUrl, 'once')).get('once') ?? 0).toBeLessThanOrEqual(1);
  });

  it('sends again, to the other instance, a GET or a keyed POST an instance died under', async () => {
    const deployment = await deploy(haproxy as string, 2, UNLIMITED);
    const seen = new Seen();
    const read = await killUnder(deployment, seen, '/v1/agents/view/1', {});
    expect(read.got?.status).toBe(200);
    expect(read.sentAgainToOther).toBe(1);

    const again = await deploy(haproxy as string, 2, UNLIMITED);
    const keyed = await killUnder(again, seen, '/v1/agents/create', create('keyed once', 'key-1'));
    expect(keyed.got?.status).toBe(201);
    expect(keyed.sentAgainToOther).toBe(1);
    expect((await agentsByName(again.databaseUrl, 'keyed once')).get('keyed once')).toBe(1);
    expect(seen.notEnvelopes).toEqual([]);
  });

  it('sends an instance’s 503 again to the other for a GET or a keyed POST, never for a POST without a key', async () => {
    const deployment = await deploy(haproxy as string, 2, UNLIMITED);
    const [one] = deployment.instances as [Instance, Instance];
    const seen = new Seen();
    const origin = deployment.balancer.origin;

    // Fired once, by the first instance asked; the other answered the read.
    const readFired = await fault503(one, 'GET', '/v1/agents/view/1', 1);
    const read = await seen.fetch(`${origin}/v1/agents/view/1`, { headers: auth });
    expect(read?.status).toBe(200);
    expect(await readFired()).toBe(1);

    const keyedFired = await fault503(one, 'POST', '/v1/agents/create', 1);
    const keyed = await seen.fetch(`${origin}/v1/agents/create`, {
      ...create('keyed after 503', 'key-503'),
      headers: { ...auth, ...json, 'idempotency-key': 'key-503' },
    });
    expect(keyed?.status).toBe(201);
    expect(await keyedFired()).toBe(1);
    expect((await agentsByName(deployment.databaseUrl, 'keyed after 503')).get('keyed after 503')).toBe(1);

    const plainFired = await fault503(one, 'POST', '/v1/agents/create', 1);
    const plain = await seen.fetch(`${origin}/v1/agents/create`, {
      ...create('plain after 503'),
      headers: { ...auth, ...json },
    });
    expect(plain?.status).toBe(503);
    expect(await plainFired()).toBe(1);

    // A rule with no `times` answers every attempt: the client sees its 503 after the balancer's three.
    const alwaysFired = await fault503(one, 'GET', '/v1/agents/view/2');
    const always = await seen.fetch(`${origin}/v1/agents/view/2`, { headers: auth });
    expect(always?.status).toBe(503);
    expect(await alwaysFired()).toBe(3);
    expect(seen.notEnvelopes).toEqual([]);
  });
});
