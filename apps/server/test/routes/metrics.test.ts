import { describe, expect, it } from 'vitest';
import { auth, TEST_TOKENS, testChatBody } from '../helpers/fixtures.js';
import { useTestApp } from '../helpers/test-app.js';

// A small rate limit, so one test can run a token past it.
const app = useTestApp({ RATE_LIMIT_MAX: '5', RATE_LIMIT_WINDOW_MS: '60000' });

async function scrape(): Promise<string> {
  const res = await app().inject({ url: '/_admin/metrics', headers: auth(TEST_TOKENS.operator) });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return res.body;
}

/** The value of one sample (`name{labels} value`), 0 when the series does not exist yet. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  for (const line of text.split('\n')) {
    const match = /^([a-z_:]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const have = (match[2] ?? '').split(',').filter(Boolean);
    if (wanted.length === have.length && wanted.every((label) => have.includes(label)))
      return Number(match[3]);
  }
  return 0;
}

const getAgent = (token: string) => app().inject({ url: '/v1/agents/view/1', headers: auth(token) });

describe('GET /_admin/metrics', () => {
  it('is refused without a token, and to every token without the operator scope', async () => {
    expect((await app().inject({ url: '/_admin/metrics' })).statusCode).toBe(401);
    for (const token of [TEST_TOKENS.admin, TEST_TOKENS.all, TEST_TOKENS.read]) {
      const res = await app().inject({ url: '/_admin/metrics', headers: auth(token) });
      expect(res.statusCode).toBe(403);
      expect(res.body).not.toContain('assistant_server_');
    }
  });

  it('counts requests by operation and status, with their latency', async () => {
    const labels = { operation: 'getAgent', status: '200' };
    const before = await scrape();
    for (let i = 0; i < 3; i++) expect((await getAgent(TEST_TOKENS.all)).statusCode).toBe(200);
    expect(
      (await app().inject({ url: '/v1/agents/view/999999', headers: auth(TEST_TOKENS.all) })).statusCode,
    ).toBe(404);
    const after = await scrape();
    expect(sample(after, 'assistant_server_requests_total', labels)).toBe(
      sample(before, 'assistant_server_requests_total', labels) + 3,
    );
    expect(
      sample(after, 'assistant_server_requests_total', { operation: 'getAgent', status: '404' }) -
        sample(before, 'assistant_server_requests_total', { operation: 'getAgent', status: '404' }),
    ).toBe(1);
    const count = (text: string) =>
      sample(text, 'assistant_server_request_duration_seconds_count', { operation: 'getAgent' });
    expect(count(after) - count(before)).toBe(4);
    // A scrape is counted as the admin operation it is (once answered: the earlier one).
    expect(
      sample(after, 'assistant_server_requests_total', { operation: 'scrapeMetrics', status: '200' }),
    ).toBeGreaterThanOrEqual(1);
  });

  it('counts refusals by reason: a bad token, a missing scope, the rate limit', async () => {
    const refusals = (text: string, reason: string) =>
      sample(text, 'assistant_server_refusals_total', { reason });
    const before = await scrape();
    expect((await getAgent('not-a-token')).statusCode).toBe(401);
    expect((await getAgent(TEST_TOKENS.embeddings)).statusCode).toBe(403);
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await getAgent(TEST_TOKENS.read)).statusCode);
    expect(statuses.filter((status) => status === 429)).toHaveLength(2);
    const after = await scrape();
    expect(refusals(after, 'unauthenticated') - refusals(before, 'unauthenticated')).toBe(1);
    expect(refusals(after, 'forbidden') - refusals(before, 'forbidden')).toBe(1);
    expect(refusals(after, 'rate_limit') - refusals(before, 'rate_limit')).toBe(2);
    expect(refusals(after, 'busy')).toBe(refusals(before, 'busy'));
    expect(
      sample(after, 'assistant_server_requests_total', { operation: 'getAgent', status: '429' }),
    ).toBeGreaterThanOrEqual(2);
  });

  it("times a stream's first event, and counts it open only while it is", async () => {
    const before = await scrape();
    const res = await app().inject({
      method: 'POST',
      url: '/v1/agents/chat/request',
      headers: auth(TEST_TOKENS.chat),
      payload: testChatBody({ stream: true }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('data: [DONE]');
    const after = await scrape();
    const firstEvents = (text: string) => sample(text, 'assistant_server_stream_first_event_seconds_count');
    expect(firstEvents(after) - firstEvents(before)).toBe(1);
    // The stream closes just after its last byte went out.
    await expect
      .poll(async () => sample(await scrape(), 'assistant_server_open_streams'), { timeout: 60_000 })
      .toBe(0);
  });

  it('counts a stream open while its first event is held back', async () => {
    const res = await app().inject({
      method: 'POST',
      url: '/v1/agents/chat/request',
      headers: { ...auth(TEST_TOKENS.chat), prefer: 'ttft=2000' },
      payload: testChatBody({ stream: true }),
      payloadAsStream: true,
    });
    expect(res.statusCode).toBe(200);
    expect(sample(await scrape(), 'assistant_server_open_streams')).toBe(1);
    let text = '';
    for await (const chunk of res.stream()) text += chunk;
    expect(text).toContain('data: [DONE]');
    await expect
      .poll(async () => sample(await scrape(), 'assistant_server_open_streams'), { timeout: 60_000 })
      .toBe(0);
  });

  it('reads the journal, the engine pool and the database when scraped', async () => {
    const text = await scrape();
    expect(sample(text, 'assistant_server_database_up')).toBe(1);
    // Every platform request above is journaled (the scrapes, admin requests, are not).
    expect(sample(text, 'assistant_server_journal_entries')).toBeGreaterThanOrEqual(15);
    expect(text).toContain('assistant_server_engine_tasks_waiting 0');
    expect(text).toContain('assistant_server_engine_budget_overruns 0');
    // No REDIS_URL: no Redis to report on.
    expect(text).not.toContain('assistant_server_redis_up');
    expect(text).toContain('process_cpu_user_seconds_total');
  });
});
