/** The gateway's `/metrics`: behind METRICS_TOKEN, and counting calls, platform calls and cache reads. */
import { TEST_TOKENS } from '@assistant-platform/server/testing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sample } from './helpers/metrics-text.js';
import { type Stack, startStack } from './helpers/stack.js';

const METRICS_TOKEN = 'scrape-token-for-the-gateway-suite';

let stack: Stack | undefined;
afterEach(async () => {
  vi.useRealTimers();
  await stack?.close();
  stack = undefined;
});

const scrapeWith = (s: Stack, token?: string) =>
  fetch(
    `${s.gateway.url}/metrics`,
    token === undefined ? {} : { headers: { authorization: `Bearer ${token}` } },
  );

async function scrape(s: Stack): Promise<string> {
  const response = await scrapeWith(s, METRICS_TOKEN);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return response.text();
}

describe('gateway /metrics', () => {
  it('does not exist without METRICS_TOKEN', async () => {
    stack = await startStack();
    expect((await scrapeWith(stack)).status).toBe(404);
  });

  it('refuses a scrape without the token, or with another', async () => {
    stack = await startStack({ metricsToken: METRICS_TOKEN });
    for (const token of [undefined, TEST_TOKENS.all, `${METRICS_TOKEN}x`]) {
      const response = await scrapeWith(stack, token);
      expect(response.status).toBe(401);
      expect(await response.text()).not.toContain('assistant_gateway_');
    }
  });

  it('counts calls by procedure and outcome, platform calls by status, and cache hits', async () => {
    // The clock stands still: the token was accepted a moment ago, however slow the machine.
    vi.useFakeTimers({ toFake: ['Date'] });
    stack = await startStack({ metricsToken: METRICS_TOKEN, agentCacheTtlMs: 60_000 });
    const client = stack.client();
    for (let i = 0; i < 3; i++) await client.agents.get.query({ id: '1' });
    await client.agents.get.query({ id: '55555' }).catch(() => undefined);
    await stack
      .client({ token: 'not-a-token' })
      .agents.get.query({ id: '1' })
      .catch(() => undefined);
    const text = await scrape(stack);
    const calls = (outcome: string) =>
      sample(text, 'assistant_gateway_procedure_calls_total', { procedure: 'agents.get', outcome });
    expect(calls('ok')).toBe(3);
    expect(calls('NOT_FOUND')).toBe(1);
    expect(calls('UNAUTHORIZED')).toBe(1);
    // The first read, the missing agent's and the unknown token's called the platform.
    expect(sample(text, 'assistant_gateway_agent_cache_reads_total', { result: 'miss' })).toBe(3);
    expect(sample(text, 'assistant_gateway_agent_cache_reads_total', { result: 'hit' })).toBe(2);
    const upstream = (status: string) =>
      sample(text, 'assistant_gateway_upstream_duration_seconds_count', { status });
    expect(upstream('200')).toBe(1);
    expect(upstream('404')).toBe(1);
    expect(upstream('401')).toBe(1);
    expect(stack.upstreamCalls.filter((call) => call.url.includes('/agents/view/'))).toHaveLength(3);
  });
});
