/** CORS over real HTTP: what a browser page on another origin may send to the gateway and read back. */
import { TEST_TOKENS } from '@assistant-platform/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Stack, startStack } from './helpers/stack.js';

const PAGE = 'http://localhost:5173';
const AGENTS_GET = `/trpc/agents.get?input=${encodeURIComponent(JSON.stringify({ id: '1' }))}`;
const preflight = (origin: string) => ({
  method: 'OPTIONS',
  headers: {
    origin,
    'access-control-request-method': 'GET',
    'access-control-request-headers': 'authorization, x-request-id',
  },
});
const corsHeaders = (response: Response) =>
  [...response.headers.keys()].filter((name) => name.startsWith('access-control-'));

describe('gateway CORS with the default CORS_ORIGINS (any origin)', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack();
  });
  afterAll(() => stack.close());

  it('answers a preflight without a token and without calling the platform', async () => {
    const res = await fetch(`${stack.gateway.url}${AGENTS_GET}`, preflight(PAGE));
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-headers')).toContain('authorization');
    expect(res.headers.get('access-control-allow-credentials')).toBeNull();
    expect(stack.upstreamCalls).toEqual([]);
  });

  it('lets the page read the request id of an answer and of an error', async () => {
    for (const token of [TEST_TOKENS.all, 'unknown-token']) {
      const res = await fetch(`${stack.gateway.url}${AGENTS_GET}`, {
        headers: { origin: PAGE, authorization: `Bearer ${token}` },
      });
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      expect(res.headers.get('access-control-expose-headers')).toContain('x-request-id');
      expect(res.headers.get('x-request-id')).toBeTruthy();
    }
  });
});

describe('gateway CORS with CORS_ORIGINS listing origins', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({ corsOrigins: [PAGE] });
  });
  afterAll(() => stack.close());

  it('allows a listed origin by name and gives any other no CORS header', async () => {
    const allowed = await fetch(`${stack.gateway.url}${AGENTS_GET}`, preflight(PAGE));
    expect(allowed.status).toBe(204);
    expect(allowed.headers.get('access-control-allow-origin')).toBe(PAGE);
    const refused = await fetch(`${stack.gateway.url}${AGENTS_GET}`, preflight('http://evil.example'));
    expect(corsHeaders(refused)).toEqual([]);
    const answer = await fetch(`${stack.gateway.url}${AGENTS_GET}`, {
      headers: { origin: 'http://evil.example', authorization: `Bearer ${TEST_TOKENS.all}` },
    });
    expect(answer.status).toBe(200);
    expect(corsHeaders(answer)).toEqual([]);
  });
});
