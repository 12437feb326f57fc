/**
 * Ten rolling restarts (SIGTERM, as `docker compose restart` sends, then the instance started again
 * on its port) while clients read, create agents without an Idempotency-Key and stream chats
 * through the balancer: not one request fails. Each instance drains first (/healthz 503, the
 * balancer stops sending, what is in flight finishes), so nothing a client sent is lost or cut.
 */
import { testChatBody } from '@assistant-platform/server/testing';
import { describe, expect, it } from 'vitest';
import { deploy, type Instance } from './deployment.js';
import { haproxyForSuite, SERVER_SLOTS } from './haproxy.js';
import { auth, json, runClients, Seen, UNLIMITED } from './load.js';

const haproxy = haproxyForSuite('balancer: rolling restarts');
const POLL = { timeout: 90_000, interval: 100 };

describe.skipIf(haproxy === undefined)('10 rolling restarts under load, behind the balancer', () => {
  it('fail no request: reads, creates without a key, streamed chats', { timeout: 600_000 }, async () => {
    const deployment = await deploy(haproxy as string, 2, UNLIMITED);
    const { balancer } = deployment;
    const seen = new Seen();
    let created = 0;
    const streams = { complete: 0, broken: [] as string[] };
    const load = runClients(6, async (client) => {
      if (client < 2) await seen.fetch(`${balancer.origin}/v1/agents/view/1`, { headers: auth });
      else if (client < 4)
        await seen.fetch(`${balancer.origin}/v1/agents/create`, {
          method: 'POST',
          headers: { ...auth, ...json },
          body: JSON.stringify({ name: `rolling ${client}-${created++}`, instruction: 'Answer briefly.' }),
        });
      else {
        // A chat of 10 events streamed at 5 a second: some are under way whenever an instance
        // stops, and each ends well within the instance's drain (DRAIN_TIMEOUT_MS, 5 s).
        const answer = await seen.fetch(`${balancer.origin}/v1/agents/chat/request`, {
          method: 'POST',
          headers: { ...auth, ...json, prefer: 'tps=5' },
          body: JSON.stringify(testChatBody({ stream: true, max_tokens: 10 })),
        });
        const text = answer?.body as string | undefined;
        if (answer?.status === 200 && text?.endsWith('data: [DONE]\n\n')) streams.complete++;
        else streams.broken.push(`${answer?.status}: ${JSON.stringify(answer?.body)?.slice(-200)}`);
      }
    });
    await expect.poll(() => seen.count(200) + seen.count(201), POLL).toBeGreaterThan(20);

    for (let restart = 0; restart < 10; restart++) {
      const slot = restart % 2;
      const answered = seen.total();
      await deployment.restart(deployment.instances[slot] as Instance);
      await expect
        .poll(async () => (await balancer.servers())[SERVER_SLOTS[slot] as string]?.status, POLL)
        .toBe('UP');
      await expect.poll(() => seen.total(), POLL).toBeGreaterThan(answered + 20);
    }
    await load.stop();

    expect(seen.notEnvelopes).toEqual([]);
    expect(seen.failed(), seen.summary()).toBe(0);
    expect(streams.broken.slice(0, 5), `${streams.broken.length} broken`).toEqual([]);
    expect(streams.complete).toBeGreaterThan(10);
    expect(seen.count(201)).toBeGreaterThan(50);
  });
});
