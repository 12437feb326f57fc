/**
 * Metrics of instances sharing a Redis: each counts its own requests, the journal's size is the
 * shared journal's, and Redis' health is reported.
 */
import { describe, expect, it } from 'vitest';
import { auth, TEST_TOKENS } from '../helpers/fixtures.js';
import { twoInstances } from '../helpers/shared-instances.js';

const scrape = async (app: Awaited<ReturnType<typeof twoInstances>>[number]) => {
  const res = await app.inject({ url: '/_admin/metrics', headers: auth(TEST_TOKENS.operator) });
  expect(res.statusCode).toBe(200);
  return res.body;
};
const value = (text: string, series: string) => {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
};

describe('metrics of two instances sharing a Redis', () => {
  it('counts requests per instance, and reads the shared journal and Redis', async () => {
    const [one, two] = await twoInstances();
    for (let i = 0; i < 3; i++)
      expect(
        (await one.inject({ url: '/v1/agents/view/1', headers: auth(TEST_TOKENS.all) })).statusCode,
      ).toBe(200);
    const series = 'assistant_server_requests_total{operation="getAgent",status="200"}';
    expect(value(await scrape(one), series)).toBe(3);
    // The other instance served none of them, but keeps the same journal (written in the background).
    await expect
      .poll(async () => value(await scrape(two), 'assistant_server_journal_entries'), { timeout: 60_000 })
      .toBe(3);
    const text = await scrape(two);
    expect(value(text, series)).toBeUndefined();
    expect(value(text, 'assistant_server_redis_up')).toBe(1);
    expect(value(text, 'assistant_server_database_up')).toBe(1);
  });
});
