/**
 * The HTTP edge, over raw sockets: slow clients are cut off, broken request lines and oversized
 * headers get the 400 envelope with a request id, and a flood of bad tokens from one address is
 * answered 429 while that address's valid tokens are still served.
 */
import { describe, expect, it } from 'vitest';
import { expectMatchesContract } from '../helpers/contract.js';
import { TEST_TOKENS } from '../helpers/fixtures.js';
import { parseRawAnswer, rawExchange, trickle } from '../helpers/raw-socket.js';
import { useHostileServer } from './hostile-server.js';
import { call, expectHealthy } from './http-probe.js';
import { DEFAULT_LIMITS, LIMITS_ENV } from './limits-env.js';

const server = useHostileServer({
  [LIMITS_ENV.headersTimeoutMs]: '2000',
  [LIMITS_ENV.requestTimeoutMs]: '3000',
  [LIMITS_ENV.authFailuresMax]: String(DEFAULT_LIMITS.authFailuresPerMinute),
  [LIMITS_ENV.authFailuresWindowMs]: '60000',
});

/** Generous against the 3 s configured: Node checks its timeouts only every so often. */
const CUT_OFF_WITHIN_MS = 20_000;

/** The JSON of a raw answer's body (tolerating a chunked encoding around it). */
function rawJson(body: string): unknown {
  return JSON.parse(body.slice(body.indexOf('{'), body.lastIndexOf('}') + 1));
}

describe('the HTTP edge', { timeout: 60_000 }, () => {
  it('a body trickled a byte at a time is answered 400 and the connection closed', async () => {
    const exchange = await rawExchange(
      server().port,
      (socket) => {
        socket.write(
          'POST /v1/agents/create HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer token-acme-all\r\n' +
            'Content-Type: application/json\r\nContent-Length: 100000\r\n\r\n{',
        );
        trickle(socket, ' ', 200);
      },
      CUT_OFF_WITHIN_MS,
    );
    expect(exchange.closedByServer, 'the server closed the slow connection').toBe(true);
    if (exchange.received) expect(parseRawAnswer(exchange.received).status).toBe(400);
    await expectHealthy(server().origin);
  });

  it('headers trickled a byte at a time: the connection is closed', async () => {
    const exchange = await rawExchange(
      server().port,
      (socket) => {
        socket.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ');
        trickle(socket, 'a', 200);
      },
      CUT_OFF_WITHIN_MS,
    );
    expect(exchange.closedByServer, 'the server closed the slow connection').toBe(true);
    await expectHealthy(server().origin);
  });

  it('a malformed request line → 400 envelope with x-request-id', async () => {
    const exchange = await rawExchange(
      server().port,
      (socket) => socket.write('THIS IS NOT HTTP\r\n\r\n'),
      10_000,
    );
    const answer = parseRawAnswer(exchange.received);
    expect(answer.status).toBe(400);
    expect(answer.headers['x-request-id']).toBeTruthy();
    expectMatchesContract('getAgent', 400, rawJson(answer.body));
    await expectHealthy(server().origin);
  });

  it('oversized headers → 400 envelope with x-request-id', async () => {
    const exchange = await rawExchange(
      server().port,
      (socket) =>
        socket.write(
          `GET /v1/agents/view/1 HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${'a'.repeat(80_000)}\r\n\r\n`,
        ),
      10_000,
    );
    const answer = parseRawAnswer(exchange.received);
    expect(answer.status).toBe(400);
    expect(answer.headers['x-request-id']).toBeTruthy();
    expectMatchesContract('getAgent', 400, rawJson(answer.body));
    await expectHealthy(server().origin);
  });

  it('more than 60 bad-token requests from one address → 429 with Retry-After, its valid tokens still served', async () => {
    const limit = DEFAULT_LIMITS.authFailuresPerMinute;
    const origin = server().origin;
    // Requests with no token at all guess nothing: a page can send them in any number.
    for (let i = 0; i < limit + 5; i++)
      expect((await call(origin, 'GET', '/v1/agents/view/1', undefined, { token: null })).status).toBe(401);
    expect((await call(origin, 'GET', '/v1/agents/view/1')).status).toBe(200);

    const statuses: number[] = [];
    let limited: Awaited<ReturnType<typeof call>> | undefined;
    for (let i = 0; i < limit + 5; i++) {
      const res = await call(origin, 'GET', '/v1/agents/view/1', undefined, { token: `not-a-token-${i}` });
      statuses.push(res.status);
      if (res.status === 429) limited ??= res;
    }
    expect(statuses.slice(0, limit).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(limit)).toEqual([429, 429, 429, 429, 429]);
    expect(Number(limited?.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expectMatchesContract('getAgent', 429, limited?.body);

    // The same address's valid tokens, of both accounts, are served: each sees its own agents.
    const acme = await call(origin, 'GET', '/v1/agents/view/1', undefined, { token: TEST_TOKENS.all });
    expect(acme.status).toBe(200);
    expect(acme.body.data.id).toBe(1);
    const globex = await call(origin, 'GET', '/v1/agents/view/3', undefined, { token: TEST_TOKENS.other });
    expect(globex.status).toBe(200);
    expect(globex.body.data.id).toBe(3);
    expect(
      (await call(origin, 'GET', '/v1/agents/view/1', undefined, { token: TEST_TOKENS.other })).status,
    ).toBe(403);
    // So is the admin API, to an admin token; a bad token there is refused as on the platform's.
    expect(
      (await call(origin, 'GET', '/_admin/requests', undefined, { token: TEST_TOKENS.admin })).status,
    ).toBe(200);
    expect((await call(origin, 'GET', '/_admin/requests', undefined, { token: 'guessed' })).status).toBe(429);
    // Many at once, valid and not, from the blocked address: every valid one is served.
    const mixed = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        call(origin, 'GET', '/v1/agents/view/1', undefined, {
          token: i % 2 === 0 ? TEST_TOKENS.all : `burst-guess-${i}`,
        }),
      ),
    );
    expect(mixed.filter((_, i) => i % 2 === 0).map((res) => res.status)).toEqual(Array(20).fill(200));
    expect(mixed.filter((_, i) => i % 2 === 1).map((res) => res.status)).toEqual(Array(20).fill(429));
    await expectHealthy(origin);
  });
});
