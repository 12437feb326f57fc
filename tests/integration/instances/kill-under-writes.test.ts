/**
 * One instance killed with SIGKILL while 8 clients write through the balancer: every answer any
 * client gets is the platform's envelope (the balancer's 502 included), every create sent with an
 * Idempotency-Key (again after a failure, as the SDK does) ends in exactly one agent, a create
 * without a key is never done twice, and the dead instance is taken out of the rotation. That a
 * key the killed instance held is free again at once is the idempotency store's part: a key whose
 * claim outlived its instance answers 409 until the claim is abandoned.
 */
import { describe, expect, it } from 'vitest';
import { deploy, exited, type Instance } from './deployment.js';
import { haproxyForSuite } from './haproxy.js';
import { auth, createWithKey, json, runClients, Seen, UNLIMITED } from './load.js';
import { agentsByName } from './written-agents.js';

const haproxy = haproxyForSuite('balancer: kill under writes');
const POLL = { timeout: 60_000, interval: 100 };

describe.skipIf(haproxy === undefined)('an instance killed under 8 writers, behind the balancer', () => {
  it('answers envelopes only and ends every keyed create in exactly one write', {
    timeout: 240_000,
  }, async () => {
    const deployment = await deploy(haproxy as string, 2, UNLIMITED);
    const { origin } = deployment.balancer;
    const [doomed] = deployment.instances as [Instance, Instance];
    const seen = new Seen();
    const seenPlain = new Seen();
    const keyed = new Map<string, number | undefined>();
    const plain = new Map<string, number>();
    const counters = Array.from({ length: 8 }, () => 0);
    const writers = runClients(8, async (client) => {
      const n = counters[client] ?? 0;
      counters[client] = n + 1;
      if (client < 6) {
        const name = `keyed ${client}-${n}`;
        keyed.set(name, undefined);
        keyed.set(name, await createWithKey(seen, origin, name));
      } else {
        // Two clients send no key: their creates may fail, and must never be done twice.
        const name = `plain ${client}-${n}`;
        const answer = await seenPlain.fetch(`${origin}/v1/agents/create`, {
          method: 'POST',
          headers: { ...auth, ...json },
          body: JSON.stringify({ name, instruction: 'Answer briefly.' }),
        });
        plain.set(name, answer?.status ?? 0);
      }
    });
    const acknowledged = () => [...keyed.values()].filter((id) => id !== undefined).length;
    await expect.poll(acknowledged, POLL).toBeGreaterThan(50);
    doomed.child.kill('SIGKILL');
    await exited(doomed.child);
    const atKill = acknowledged();
    await expect
      .poll(async () => (await deployment.balancer.servers())['server-1']?.status, POLL)
      .toMatch(/^DOWN/);
    await expect.poll(acknowledged, POLL).toBeGreaterThan(atKill + 50);
    await writers.stop();

    expect([...seen.notEnvelopes, ...seenPlain.notEnvelopes]).toEqual([]);
    const written = await agentsByName(deployment.databaseUrl, '');
    const keyedWrong = [...keyed].filter(([name, id]) => id === undefined || written.get(name) !== 1);
    // A key the killed instance claimed must be free for the retry at once (not after 5 minutes).
    expect(keyedWrong, `answers seen: ${JSON.stringify([...seen.statuses])}`).toEqual([]);
    const plainWrong = [...plain].filter(
      ([name, status]) => (written.get(name) ?? 0) > 1 || (status === 201 && written.get(name) !== 1),
    );
    expect(plainWrong).toEqual([]);
    // What failed is the balancer's 502 (the instance died under the request) or, for a keyed
    // create sent again meanwhile, the 409 of its key in use: never anything else.
    expect(seen.summary()).toMatch(/^\{("(201|409|502)":\d+,?)+\}$/);
    // A create without a key may also get no answer at all: when the instance died on a connection
    // the balancer had reused, HAProxy 2.6 closes the client's connection as the instance did (an
    // HTTP/1.1 client may send such a request again only if it is idempotent). Never sent twice.
    expect(seenPlain.summary()).toMatch(/^\{("(201|502|connection)":\d+,?)+\}$/);
  });
});
