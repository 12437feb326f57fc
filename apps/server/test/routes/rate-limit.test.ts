import { describe, expect, it } from 'vitest';
import { expectMatchesContract } from '../helpers/contract.js';
import { auth, TEST_TOKENS } from '../helpers/fixtures.js';
import { useTestApp } from '../helpers/test-app.js';

const app = useTestApp({ RATE_LIMIT_MAX: '3', RATE_LIMIT_WINDOW_MS: '60000' });
const get = (token: string) => app().inject({ url: '/v1/agents/view/1', headers: auth(token) });

describe('per-token rate limiting', () => {
  it('answers 429 with Retry-After and RateLimit-* headers once a token exceeds its limit', async () => {
    const first = await get(TEST_TOKENS.all);
    expect(first.headers['ratelimit-limit']).toBe('3');
    expect(first.headers['ratelimit-remaining']).toBe('2');
    await get(TEST_TOKENS.all);
    await get(TEST_TOKENS.all);
    const limited = await get(TEST_TOKENS.all);
    expect(limited.statusCode).toBe(429);
    expectMatchesContract('getAgent', 429, limited.json());
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.headers['ratelimit-remaining']).toBe('0');
    expect(Number(limited.headers['ratelimit-reset'])).toBeGreaterThan(0);
  });

  it("does not limit another token when one token's burst is over the limit", async () => {
    const res = await get(TEST_TOKENS.read);
    expect(res.statusCode).toBe(200);
  });

  it('does not limit the docs, contract and health routes', async () => {
    for (let i = 0; i < 5; i++) expect((await app().inject({ url: '/healthz' })).statusCode).toBe(200);
  });
});
