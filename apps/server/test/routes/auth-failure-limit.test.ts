import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectMatchesContract } from '../helpers/contract.js';
import { auth, TEST_TOKENS } from '../helpers/fixtures.js';
import { useTestApp } from '../helpers/test-app.js';

const app = useTestApp({ AUTH_FAILURE_LIMIT_MAX: '3', AUTH_FAILURE_LIMIT_WINDOW_MS: '60000' });
const get = (remoteAddress: string, headers: Record<string, string> = {}) =>
  app().inject({ url: '/v1/agents/view/1', headers, remoteAddress });

afterEach(() => {
  vi.useRealTimers();
});

describe('failed authentication, limited per client address', () => {
  it('answers 429 to an address’s bad tokens once it has used up its failures, and serves its valid ones', async () => {
    // Successful requests do not count, nor do requests that carry no bearer token at all.
    for (let i = 0; i < 5; i++) expect((await get('10.0.0.1', auth(TEST_TOKENS.all))).statusCode).toBe(200);
    for (let i = 0; i < 5; i++) {
      expect((await get('10.0.0.1')).statusCode).toBe(401);
      expect((await get('10.0.0.1', { authorization: 'Basic x' })).statusCode).toBe(401);
    }
    for (let i = 0; i < 3; i++) expect((await get('10.0.0.1', auth(`guess-${i}`))).statusCode).toBe(401);

    const limited = await get('10.0.0.1', auth('another-guess'));
    expect(limited.statusCode).toBe(429);
    expectMatchesContract('getAgent', 429, limited.json());
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(limited.headers['ratelimit-limit']).toBe('3');
    expect(limited.headers['ratelimit-remaining']).toBe('0');
    expect(limited.headers['x-request-id']).toBeDefined();
    // A valid token is looked up and served, whichever account it belongs to.
    const acme = await get('10.0.0.1', auth(TEST_TOKENS.all));
    expect(acme.statusCode).toBe(200);
    expect(acme.json().data.id).toBe(1);
    expect((await get('10.0.0.1', auth(TEST_TOKENS.other))).statusCode).toBe(403);
    // Still no token at all is a 401: nothing was guessed.
    expect((await get('10.0.0.1')).statusCode).toBe(401);
    expect((await get('10.0.0.1', auth('yet-another-guess'))).statusCode).toBe(429);
  });

  it('does not limit another address, nor routes that need no token', async () => {
    expect((await get('10.0.0.2', auth(TEST_TOKENS.all))).statusCode).toBe(200);
    expect((await get('10.0.0.2', auth('first-guess'))).statusCode).toBe(401);
    expect((await app().inject({ url: '/healthz', remoteAddress: '10.0.0.1' })).statusCode).toBe(200);
  });

  it('lets the address try again once its window has passed', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    for (let i = 0; i < 3; i++) await get('10.0.0.3', auth(`guess-${i}`));
    expect((await get('10.0.0.3', auth('guess-3'))).statusCode).toBe(429);
    vi.setSystemTime(Date.now() + 60_001);
    // A new window: three more failures are answered 401 before the next 429.
    for (let i = 0; i < 3; i++) expect((await get('10.0.0.3', auth(`later-${i}`))).statusCode).toBe(401);
    expect((await get('10.0.0.3', auth('later-3'))).statusCode).toBe(429);
    expect((await get('10.0.0.3', auth(TEST_TOKENS.all))).statusCode).toBe(200);
  });
});

describe('failed authentication behind a load balancer (TRUST_PROXY)', () => {
  const behind = useTestApp({ AUTH_FAILURE_LIMIT_MAX: '2', TRUST_PROXY: '1' });
  const viaBalancer = (client: string, headers: Record<string, string> = {}) =>
    behind().inject({
      url: '/v1/agents/view/1',
      headers: { ...headers, 'x-forwarded-for': client },
      remoteAddress: '10.9.9.9',
    });

  it('counts per client the balancer names, not per balancer', async () => {
    for (let i = 0; i < 2; i++)
      expect((await viaBalancer('203.0.113.7', auth(`guess-${i}`))).statusCode).toBe(401);
    expect((await viaBalancer('203.0.113.7', auth('guess-2'))).statusCode).toBe(429);
    expect((await viaBalancer('203.0.113.7', auth(TEST_TOKENS.all))).statusCode).toBe(200);
    // Another client behind the same balancer keeps its budget.
    expect((await viaBalancer('198.51.100.4', auth('its-first-guess'))).statusCode).toBe(401);
  });

  it('believes one hop only: an address the client put before the balancer’s is not who it is', async () => {
    for (let i = 0; i < 2; i++)
      expect((await viaBalancer('203.0.113.8', auth(`guess-${i}`))).statusCode).toBe(401);
    // The balancer appends the address it saw; what the client sent itself comes first.
    expect((await viaBalancer('192.0.2.1, 203.0.113.8', auth('guess-2'))).statusCode).toBe(429);
    expect((await viaBalancer('192.0.2.1', auth('guess-3'))).statusCode).toBe(401);
  });
});
