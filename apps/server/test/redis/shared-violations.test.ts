/**
 * Two validation proxies sharing a Redis (proxy mode behind one address): the violations summary
 * of either sums up what both found, grouped by operation and rule, and a clear through one empties
 * it for both. Their journal is one too (each entry keeps its own violations).
 */
import { testRedis } from '@assistant-platform/test-redis/test-redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, TEST_TOKENS } from '../helpers/fixtures.js';
import { agent, type RunningApp, sendJson, startApp, startScriptedTarget } from '../helpers/proxy.js';

let target: Awaited<ReturnType<typeof startScriptedTarget>>;
let proxies: RunningApp[];

beforeAll(async () => {
  target = await startScriptedTarget({
    // The envelope's data under another name: a response-envelope violation.
    'GET /v1/agents/view/1': (_request, response) => sendJson(response, 200, { agent }),
    // An id that is not an integer: a response-body violation.
    'GET /v1/agents/view/2': (_request, response) =>
      sendJson(response, 200, {
        success: true,
        message: 'Agents retrieved successfully',
        data: { ...agent, id: 'two' },
      }),
  });
  const redis = testRedis();
  const env = { PROXY_TARGET: target.baseUrl, REDIS_URL: redis.url, REDIS_PREFIX: redis.prefix };
  proxies = [await startApp(env), await startApp(env)];
});
afterAll(async () => {
  await Promise.all(proxies.map((proxy) => proxy.close()));
  await target.close();
});

const get = async (proxy: RunningApp | undefined, id: number) =>
  (await fetch(`${proxy?.origin}/v1/agents/view/${id}`, { headers: auth(TEST_TOKENS.all) })).arrayBuffer();

describe('the violations of proxies sharing a Redis', () => {
  it('are summed up across them, and cleared for both through either', async () => {
    const [one, two] = proxies;
    await get(one, 1);
    await get(two, 1);
    await get(two, 2);
    await expect.poll(async () => (await one?.violations())?.total, { timeout: 60_000 }).toBe(3);
    for (const proxy of proxies) {
      const { groups } = await proxy.violations();
      expect(groups.map((group) => [group.operationId, group.rule, group.count])).toEqual([
        ['getAgent', 'response-body', 1],
        ['getAgent', 'response-envelope', 2],
      ]);
      expect(groups[1]?.example).toMatchObject({ method: 'GET', path: '/v1/agents/view/1', status: 200 });
    }
    expect((await two?.journal())?.map((entry) => entry.violations?.map((v) => v.rule))).toEqual([
      ['response-body'],
      ['response-envelope'],
      ['response-envelope'],
    ]);
    const cleared = await fetch(`${two?.origin}/_admin/violations`, {
      method: 'DELETE',
      headers: auth(TEST_TOKENS.operator),
    });
    expect(((await cleared.json()) as { data: unknown }).data).toEqual({ removed: 3 });
    expect(await one?.violations()).toEqual({ total: 0, groups: [] });
  });
});
