/**
 * The HTTP edge, over raw sockets: slow clients are cut off, broken request lines and oversized
 * headers get the 400 envelope with a request id, and a flood of bad tokens from one address is
 * answered 429 before any token is looked up.
 */
import { describe, expect, it } from 'vitest';
import { expectMatchesContract } from '../helpers/contract.js';
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

describe('the HTTP edge', { timeout: 40_000 }, () => {
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

  it('more than 60 bad-token requests from one address → 429 with Retry-After', async () => {
    const limit = DEFAULT_LIMITS.authFailuresPerMinute;
    const statuses: number[] = [];
    let limited: Awaited<ReturnType<typeof call>> | undefined;
    for (let i = 0; i < limit + 5; i++) {
      const res = await call(server().origin, 'GET', '/v1/agents/view/1', undefined, {
        token: `not-a-token-${i}`,
      });
      statuses.push(res.status);
      if (res.status === 429) limited ??= res;
    }
    expect(statuses.slice(0, limit).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(limit)).toEqual([429, 429, 429, 429, 429]);
    expect(Number(limited?.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expectMatchesContract('getAgent', 429, limited?.body);
    await expectHealthy(server().origin);
  });
});
