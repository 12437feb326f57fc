/** The per-token `agents.get` cache and the coalescing of identical concurrent reads. */
import { setTimeout as sleep } from 'node:timers/promises';
import { TEST_TOKENS } from '@assistant-platform/server/testing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Stack, startStack } from './helpers/stack.js';

let stack: Stack | undefined;
afterEach(async () => {
  vi.useRealTimers();
  await stack?.close();
  stack = undefined;
});

const agentReads = (s: Stack) => s.upstreamCalls.filter((call) => call.url.includes('/agents/view/')).length;

describe('agents.get cache', () => {
  it('serves a repeated read from memory within the TTL', async () => {
    // The clock stands still: the token was accepted a moment ago, however slow the machine.
    vi.useFakeTimers({ toFake: ['Date'] });
    stack = await startStack({ agentCacheTtlMs: 60_000 });
    const client = stack.client();
    const first = await client.agents.get.query({ id: '1' });
    const second = await client.agents.get.query({ id: '1' });
    expect(second).toEqual(first);
    expect(agentReads(stack)).toBe(1);
  });

  it('reads from the platform again once the TTL has passed', async () => {
    stack = await startStack({ agentCacheTtlMs: 30 });
    const client = stack.client();
    await client.agents.get.query({ id: '1' });
    await sleep(80);
    await client.agents.get.query({ id: '1' });
    expect(agentReads(stack)).toBe(2);
  });

  it('never serves one token cached answer to another token', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    stack = await startStack({ agentCacheTtlMs: 60_000 });
    await stack.client().agents.get.query({ id: '1' });
    const error = await stack
      .client({ token: TEST_TOKENS.other })
      .agents.get.query({ id: '1' })
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ data: { code: 'FORBIDDEN' } });
    expect(agentReads(stack)).toBe(2);
  });

  it('does not cache failures', async () => {
    stack = await startStack({ agentCacheTtlMs: 60_000 });
    const client = stack.client();
    await client.agents.get.query({ id: '55555' }).catch(() => undefined);
    await client.agents.get.query({ id: '55555' }).catch(() => undefined);
    expect(agentReads(stack)).toBe(2);
  });
});

/**
 * A new token of `accountId` made through the admin API, and a way to revoke it there: by the
 * server's operator, the one administrator of every account.
 */
async function adminToken(s: Stack, accountId: number) {
  const admin = { authorization: `Bearer ${TEST_TOKENS.operator}`, 'content-type': 'application/json' };
  const created = await fetch(`${s.server.url}/_admin/tokens`, {
    method: 'POST',
    headers: admin,
    body: JSON.stringify({ accountId, name: `account-${accountId}-reader`, scopes: ['agents:read'] }),
  });
  expect(created.status).toBe(201);
  const { data } = (await created.json()) as { data: { token: string; record: { id: number } } };
  const { token, record } = data;
  return {
    token,
    revoke: async () => {
      const revoked = await fetch(`${s.server.url}/_admin/tokens/${record.id}`, {
        method: 'DELETE',
        headers: { authorization: admin.authorization },
      });
      expect(revoked.status).toBe(200);
    },
  };
}

describe('a revoked token', () => {
  it('is refused within a second of its revocation, whatever the TTL; another account is served', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    stack = await startStack({ agentCacheTtlMs: 60_000 });
    const acme = await adminToken(stack, 1);
    const globex = await adminToken(stack, 2);
    const acmeClient = stack.client({ token: acme.token });
    const globexClient = stack.client({ token: globex.token });
    expect((await acmeClient.agents.get.query({ id: '1' })).id).toBe(1);
    expect((await globexClient.agents.get.query({ id: '3' })).id).toBe(3);
    // Right after the platform accepted them, both are served from memory.
    const reads = agentReads(stack);
    await acmeClient.agents.get.query({ id: '1' });
    await globexClient.agents.get.query({ id: '3' });
    expect(agentReads(stack)).toBe(reads);

    await acme.revoke();
    expect(
      (
        await fetch(`${stack.server.baseUrl}/agents/view/1`, {
          headers: { authorization: `Bearer ${acme.token}` },
        })
      ).status,
    ).toBe(401);
    vi.setSystemTime(Date.now() + 1000);
    // A second on (the gateway's promise): it has asked the platform again, and answers as it does.
    for (let i = 0; i < 3; i++)
      await expect(acmeClient.agents.get.query({ id: '1' })).rejects.toMatchObject({
        data: { code: 'UNAUTHORIZED' },
      });
    // The other account's token, confirmed again by the same read, is served on from memory.
    expect((await globexClient.agents.get.query({ id: '3' })).id).toBe(3);
    const afterConfirming = agentReads(stack);
    expect((await globexClient.agents.get.query({ id: '3' })).id).toBe(3);
    expect(agentReads(stack)).toBe(afterConfirming);
  });

  it('re-confirms a token at least once a second, for all its cached agents at once', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    stack = await startStack({ agentCacheTtlMs: 60_000 });
    const client = stack.client();
    await client.agents.get.query({ id: '1' });
    await client.agents.get.query({ id: '2' });
    expect(agentReads(stack)).toBe(2);
    vi.setSystemTime(Date.now() + 1000);
    // One read goes to the platform; it confirms the token, and the other agent comes from memory.
    await client.agents.get.query({ id: '1' });
    await client.agents.get.query({ id: '2' });
    expect(agentReads(stack)).toBe(3);
  });
});

describe('coalescing', () => {
  it('makes one platform call for identical concurrent reads, even with caching off', async () => {
    stack = await startStack({ agentCacheTtlMs: 0 });
    const client = stack.client();
    const answers = await Promise.all(Array.from({ length: 5 }, () => client.agents.get.query({ id: '1' })));
    expect(new Set(answers.map((agent) => agent.id))).toEqual(new Set([1]));
    expect(agentReads(stack)).toBe(1);

    // Caching is off: a later read goes to the platform again.
    await client.agents.get.query({ id: '1' });
    expect(agentReads(stack)).toBe(2);
  });

  it('keeps different agents apart', async () => {
    stack = await startStack({ agentCacheTtlMs: 0 });
    const client = stack.client();
    const created = await client.agents.create.mutate({ name: 'Second', instruction: 'Hi.' });
    const [one, two] = await Promise.all([
      client.agents.get.query({ id: '1' }),
      client.agents.get.query({ id: String(created.id) }),
    ]);
    expect([one.id, two.id]).toEqual([1, created.id]);
    expect(agentReads(stack)).toBe(2);
  });
});
