/**
 * What an instance does when its Redis goes away, as REDIS_FAILURE chooses: `open` answers platform
 * requests with its own limits (the admin API's shared state answers 503), `closed` answers them
 * 503 with the envelope and `Retry-After`; /healthz says which, and both share again once Redis is
 * back. Start-up refuses a Redis it cannot use, naming REDIS_URL without its password. Each test
 * kills and restarts a Redis of its own (a throwaway redis-server), so these need redis-server.
 */
import {
  startThrowawayRedis,
  type ThrowawayRedis,
  whyNoThrowawayRedis,
} from '@assistant-platform/test-redis';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { expectMatchesAdminContract, expectMatchesContract } from '../helpers/contract.js';
import { auth, TEST_TOKENS, testSeed } from '../helpers/fixtures.js';
import { serverModule } from '../helpers/server-module.js';
import { deployment } from '../helpers/shared-instances.js';

const noRedisServer = whyNoThrowawayRedis();
if (noRedisServer) console.warn(`Redis outage tests skipped: ${noRedisServer}`);

const POLL = { timeout: 60_000, interval: 50 };
const servers: ThrowawayRedis[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.stop()));
});

async function ownRedis(): Promise<ThrowawayRedis> {
  const server = await startThrowawayRedis();
  servers.push(server);
  return server;
}

const getAgent = (app: FastifyInstance) =>
  app.inject({ url: '/v1/agents/view/1', headers: auth(TEST_TOKENS.all) });
const health = async (app: FastifyInstance) => {
  const answer = await app.inject({ url: '/healthz' });
  return { status: answer.statusCode, body: answer.json() };
};

describe.skipIf(noRedisServer !== undefined)('an instance whose Redis goes away', () => {
  it('with REDIS_FAILURE=open, answers platform requests with its own limits; the shared admin state answers 503', async () => {
    const redis = await ownRedis();
    const deployed = await deployment({ REDIS_FAILURE: 'open', RATE_LIMIT_MAX: '2' }, redis.url);
    const app = await deployed.instance();
    expect(await health(app)).toEqual({ status: 200, body: { status: 'ok', redis: 'ok' } });
    expect((await getAgent(app)).statusCode).toBe(200);

    await redis.kill();
    await expect.poll(async () => (await health(app)).body.redis, POLL).toBe('unavailable');
    expect(await health(app)).toEqual({ status: 200, body: { status: 'ok', redis: 'unavailable' } });
    // Its own counters now: a window of its own, of RATE_LIMIT_MAX.
    expect([(await getAgent(app)).statusCode, (await getAgent(app)).statusCode]).toEqual([200, 200]);
    expect((await getAgent(app)).statusCode).toBe(429);
    const faults = await app.inject({ url: '/_admin/faults', headers: auth(TEST_TOKENS.operator) });
    expect(faults.statusCode).toBe(503);
    expect(faults.headers['retry-after']).toBe('1');
    expect(faults.json()).toEqual({ success: false, message: 'Service unavailable' });
    expectMatchesAdminContract('listFaults', 503, faults.json());

    await redis.restart();
    await expect.poll(async () => (await health(app)).body.redis, POLL).toBe('ok');
    expect(
      (await app.inject({ url: '/_admin/faults', headers: auth(TEST_TOKENS.operator) })).statusCode,
    ).toBe(200);
    // The restarted Redis is empty: a new shared window.
    expect((await app.inject({ url: '/v1/agents/view/1', headers: auth(TEST_TOKENS.read) })).statusCode).toBe(
      200,
    );
  });

  it('with REDIS_FAILURE=closed, answers platform requests 503 with Retry-After, and /healthz 503', async () => {
    const redis = await ownRedis();
    const app = await (await deployment({ REDIS_FAILURE: 'closed' }, redis.url)).instance();
    expect((await getAgent(app)).statusCode).toBe(200);

    await redis.kill();
    await expect.poll(async () => (await getAgent(app)).statusCode, POLL).toBe(503);
    const refused = await getAgent(app);
    expect(refused.headers['retry-after']).toBe('1');
    expect(refused.headers['x-request-id']).toBeTruthy();
    expect(refused.json()).toEqual({ success: false, message: 'Service unavailable' });
    expect(await health(app)).toEqual({ status: 503, body: { status: 'unavailable', redis: 'unavailable' } });
    // A request without a valid token is still told so.
    expect((await app.inject({ url: '/v1/agents/view/1' })).statusCode).toBe(401);

    await redis.restart();
    await expect.poll(async () => (await getAgent(app)).statusCode, POLL).toBe(200);
    expectMatchesContract('getAgent', 200, (await getAgent(app)).json());
    await expect.poll(async () => (await health(app)).status, POLL).toBe(200);
  });
});

describe.skipIf(noRedisServer !== undefined)('start-up with REDIS_URL', () => {
  const build = (redisUrl: string) =>
    serverModule.build(
      serverModule.loadConfig({ LOG_LEVEL: 'silent', DATABASE_URL: ':memory:', REDIS_URL: redisUrl }),
      {
        seed: testSeed,
      },
    );

  it('refuses a wrong password, naming REDIS_URL without the password', async () => {
    const redis = await ownRedis();
    const wrong = redis.url.replace(/:[^:@/]+@/, ':not-the-password@');
    const failure = await build(wrong).then(
      () => new Error('started'),
      (error: Error) => error,
    );
    expect(failure.message).toMatch(
      new RegExp(`^REDIS_URL: cannot use Redis at redis://127\\.0\\.0\\.1:${redis.port}: WRONGPASS`),
    );
    expect(failure.message).not.toContain('not-the-password');
  });

  it('refuses a Redis that does not answer', async () => {
    const redis = await ownRedis();
    await redis.kill();
    const failure = await build(redis.url).then(
      () => new Error('started'),
      (error: Error) => error,
    );
    expect(failure.message).toMatch(
      /^REDIS_URL: cannot use Redis at redis:\/\/127\.0\.0\.1:\d+: .*ECONNREFUSED/,
    );
  });
});
