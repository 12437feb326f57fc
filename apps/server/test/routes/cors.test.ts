/** CORS over real HTTP: what a browser page on another origin is allowed to send and to read. */
import { describe, expect, it } from 'vitest';
import { auth, TEST_TOKENS } from '../helpers/fixtures.js';
import { useListeningTestApp } from '../helpers/test-app.js';

const PAGE = 'http://localhost:5173';
const preflight = (origin: string, path = '/v1/agents/create') =>
  ({
    path,
    init: {
      method: 'OPTIONS',
      headers: {
        origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, content-type, x-request-id',
      },
    },
  }) as const;
const corsHeaders = (response: Response) =>
  [...response.headers.keys()].filter((name) => name.startsWith('access-control-'));

describe('CORS with the default CORS_ORIGINS (any origin)', () => {
  // One request per window: preflights must not use it up.
  const server = useListeningTestApp({ RATE_LIMIT_MAX: '1' });

  it('answers a preflight without a token, with the methods and headers the page asked for', async () => {
    const { path, init } = preflight(PAGE);
    for (let i = 0; i < 3; i++) {
      const res = await fetch(`${server()}${path}`, init);
      expect(res.status).toBe(204);
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      expect(res.headers.get('access-control-allow-methods')).toContain('POST');
      expect(res.headers.get('access-control-allow-headers')).toContain('authorization');
      expect(res.headers.get('access-control-allow-credentials')).toBeNull();
      expect(res.headers.get('x-request-id')).toBeTruthy();
    }
  });

  it('lets the page read the request id, Retry-After and RateLimit-* of answers, errors included', async () => {
    const get = () =>
      fetch(`${server()}/v1/agents/view/1`, { headers: { origin: PAGE, ...auth(TEST_TOKENS.read) } });
    const ok = await get();
    // The preflights above did not count: this is the window's one request.
    expect(ok.status).toBe(200);
    expect(ok.headers.get('access-control-allow-origin')).toBe('*');
    const exposed = ok.headers.get('access-control-expose-headers')?.split(/,\s*/);
    expect(exposed).toEqual(
      expect.arrayContaining(['x-request-id', 'retry-after', 'ratelimit-limit', 'ratelimit-remaining']),
    );
    const limited = await get();
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBeTruthy();
    expect(limited.headers.get('access-control-allow-origin')).toBe('*');
    const unauthorised = await fetch(`${server()}/v1/agents/view/1`, { headers: { origin: PAGE } });
    expect(unauthorised.status).toBe(401);
    expect(unauthorised.headers.get('access-control-allow-origin')).toBe('*');
  });
});

describe('CORS with CORS_ORIGINS listing origins', () => {
  const server = useListeningTestApp({ CORS_ORIGINS: `${PAGE}, https://app.example.com` });

  it('allows a listed origin by name', async () => {
    const { path, init } = preflight('https://app.example.com');
    const res = await fetch(`${server()}${path}`, init);
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('https://app.example.com');
    expect(res.headers.get('vary')).toMatch(/origin/i);
    const get = await fetch(`${server()}/v1/agents/view/1`, {
      headers: { origin: PAGE, ...auth(TEST_TOKENS.read) },
    });
    expect(get.headers.get('access-control-allow-origin')).toBe(PAGE);
  });

  it('gives any other origin no CORS header, on a preflight or an answer', async () => {
    const { path, init } = preflight('http://evil.example');
    const refused = await fetch(`${server()}${path}`, init);
    expect(corsHeaders(refused)).toEqual([]);
    const get = await fetch(`${server()}/v1/agents/view/1`, {
      headers: { origin: 'http://evil.example', ...auth(TEST_TOKENS.read) },
    });
    expect(get.status).toBe(200);
    expect(corsHeaders(get)).toEqual([]);
  });
});
