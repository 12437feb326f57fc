/** The per-token `agents.get` cache and the coalescing of identical concurrent reads. */
import { setTimeout as sleep } from 'node:timers/promises';
import { TEST_TOKENS } from '@assistant-platform/server/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { type Stack, startStack } from './helpers/stack.js';

let stack: Stack | undefined;
afterEach(async () => {
  await stack?.close();
  stack = undefined;
});

const agentReads = (s: Stack) => s.upstreamCalls.filter((call) => call.url.includes('/agents/view/')).length;

describe('agents.get cache', () => {
  it('serves a repeated read from memory within the TTL', async () => {
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
