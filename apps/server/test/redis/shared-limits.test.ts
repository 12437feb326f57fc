/**
 * The limits of instances sharing a Redis are the deployment's, not each instance's: a token's
 * rate limit lets exactly RATE_LIMIT_MAX through across them, an address that fails
 * authentication too often through one has its bad tokens answered 429 by all, and a token's chat and embeddings in
 * flight count across them.
 */
import type { ServerResponse } from 'node:http';
import {
  chatUpstreamEnv,
  completion,
  type FakeUpstream,
  sendJson,
  startFakeUpstream,
} from '@assistant-platform/engines/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectMatchesContract } from '../helpers/contract.js';
import { auth, TEST_TOKENS, testChatBody } from '../helpers/fixtures.js';
import { twoInstances } from '../helpers/shared-instances.js';

const POLL = { timeout: 60_000, interval: 20 };
const getAgent = (app: FastifyInstance, token: string) =>
  app.inject({ url: '/v1/agents/view/1', headers: auth(token) });

describe('the rate limit of instances sharing a Redis', () => {
  it('lets exactly RATE_LIMIT_MAX requests of a token through across the instances', async () => {
    const [one, two] = await twoInstances({ RATE_LIMIT_MAX: '5', RATE_LIMIT_WINDOW_MS: '60000' });
    const answers = [];
    for (let i = 0; i < 12; i++) answers.push(await getAgent(i % 2 === 0 ? one : two, TEST_TOKENS.all));
    expect(answers.map((answer) => answer.statusCode)).toEqual([
      ...Array(5).fill(200),
      ...Array(7).fill(429),
    ]);
    // One window, counted down across both: each answer says what is left of it.
    expect(answers.slice(0, 5).map((answer) => answer.headers['ratelimit-remaining'])).toEqual([
      '4',
      '3',
      '2',
      '1',
      '0',
    ]);
    const limited = answers[5];
    expectMatchesContract('getAgent', 429, limited?.json());
    expect(Number(limited?.headers['retry-after'])).toBeGreaterThan(0);
    // Another token has its own window.
    expect((await getAgent(two, TEST_TOKENS.read)).statusCode).toBe(200);
  });

  it('answers 429 on every instance to the bad tokens of an address that failed too often through one', async () => {
    const [one, two] = await twoInstances({ AUTH_FAILURE_LIMIT_MAX: '3' });
    for (let i = 0; i < 3; i++) expect((await getAgent(one, `not-a-token-${i}`)).statusCode).toBe(401);
    // The other instance hears of it and refuses the address's next guesses.
    await expect.poll(async () => (await getAgent(two, 'another-guess')).statusCode, POLL).toBe(429);
    const refused = await getAgent(two, 'yet-another-guess');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await getAgent(one, 'one-more-guess')).statusCode).toBe(429);
    // Its valid tokens are served on both, for both accounts.
    for (const app of [one, two]) {
      expect((await getAgent(app, TEST_TOKENS.all)).statusCode).toBe(200);
      expect(
        (await app.inject({ url: '/v1/agents/view/3', headers: auth(TEST_TOKENS.other) })).statusCode,
      ).toBe(200);
    }
  });

  it('counts failures of both instances toward one budget', async () => {
    const [one, two] = await twoInstances({ AUTH_FAILURE_LIMIT_MAX: '4' });
    for (let i = 0; i < 4; i++)
      expect((await getAgent(i % 2 === 0 ? one : two, `bad-token-${i}`)).statusCode).toBe(401);
    await expect.poll(async () => (await getAgent(one, 'bad-token')).statusCode, POLL).toBe(429);
    await expect.poll(async () => (await getAgent(two, 'bad-token')).statusCode, POLL).toBe(429);
    expect((await getAgent(two, TEST_TOKENS.all)).statusCode).toBe(200);
  });
});

describe('chat and embeddings in flight across instances sharing a Redis', () => {
  let upstream: FakeUpstream;
  /** Upstream answers waiting for the test: each call sends its answer. */
  const held: (() => void)[] = [];
  beforeAll(async () => {
    upstream = await startFakeUpstream();
    upstream.handle((_request, res: ServerResponse) => {
      held.push(() => sendJson(res, 200, completion('Done.', 'stop')));
    });
  });
  afterAll(async () => {
    for (const release of held.splice(0)) release();
    await upstream?.close();
  });

  it('refuses a token past MAX_HEAVY_REQUESTS_PER_TOKEN in flight anywhere, and admits it once one ends', async () => {
    const apps = await twoInstances({ MAX_HEAVY_REQUESTS_PER_TOKEN: '1', ...chatUpstreamEnv(upstream.url) });
    const [one, two] = await Promise.all(apps.map((app) => app.listen({ port: 0, host: '127.0.0.1' })));
    const chat = (origin: string | undefined) =>
      fetch(`${origin}/v1/agents/chat/request`, {
        method: 'POST',
        headers: { ...auth(TEST_TOKENS.all), 'content-type': 'application/json' },
        body: JSON.stringify(testChatBody()),
      });
    const first = chat(one);
    await expect.poll(() => upstream.received.length, POLL).toBe(1);

    const refused = await chat(two);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('1');
    expectMatchesContract('chatRequest', 429, await refused.json());

    for (const release of held.splice(0)) release();
    expect((await first).status).toBe(200);
    // Its slot is given back as its answer ends: the other instance admits the token again.
    const again = chat(two);
    await expect.poll(() => upstream.received.length, POLL).toBe(2);
    for (const release of held.splice(0)) release();
    expect((await again).status).toBe(200);
  });

  it('counts a delayed request held by one instance against the token on the other', async () => {
    const apps = await twoInstances({ MAX_HEAVY_REQUESTS_PER_TOKEN: '1' });
    const [one, two] = await Promise.all(apps.map((app) => app.listen({ port: 0, host: '127.0.0.1' })));
    const leaving = new AbortController();
    // Sent again while it meets a 429: a probe below may hold the slot for a moment.
    const delayed = (async () => {
      for (;;) {
        const response = await fetch(`${one}/v1/agents/view/1`, {
          headers: { ...auth(TEST_TOKENS.all), prefer: 'delay=30000' },
          signal: leaving.signal,
        }).catch(() => undefined);
        if (response?.status !== 429) return response;
      }
    })();
    // A request with a 1 ms delay takes a slot if one is free (then answers 503 at once).
    const probe = () =>
      fetch(`${two}/v1/agents/view/1`, {
        headers: { ...auth(TEST_TOKENS.all), prefer: 'delay=1, code=503' },
      });
    await expect.poll(async () => (await probe()).status, POLL).toBe(429);
    // The other account's token is not held back.
    expect((await fetch(`${two}/v1/agents/view/3`, { headers: auth(TEST_TOKENS.other) })).status).toBe(200);
    leaving.abort();
    expect(await delayed).toBeUndefined();
    await expect.poll(async () => (await probe()).status, POLL).toBe(503);
  });
});
