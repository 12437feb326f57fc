/**
 * Requests Node's HTTP parser rejects before Fastify sees them, sent over raw sockets: each is
 * answered with the contract's 400 envelope, a fresh request id and `Connection: close`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ReferenceServer, startReferenceServer } from '../../src/index.js';
import { parseAnswer, sendRaw } from '../helpers/raw-socket.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

let server: ReferenceServer;
beforeAll(async () => {
  server = await startReferenceServer();
});
afterAll(async () => {
  await server?.close();
});

async function expectRejected(bytes: string, issue: { path: string; message: string }) {
  const answer = parseAnswer(await sendRaw(server.url, bytes));
  expect(answer.status).toBe(400);
  expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
  expect(answer.headers['x-request-id']).toMatch(UUID);
  expect(answer.headers.connection).toBe('close');
  expect(answer.body).toEqual({ success: false, message: 'Invalid input provided', errors: [issue] });
}

describe('requests the HTTP parser rejects', () => {
  it('a malformed request line', async () => {
    await expectRejected('GET /healthz NOT-HTTP\r\n\r\n', {
      path: '',
      message: 'the request line is malformed',
    });
  });

  it('a header with a forbidden character in its name', async () => {
    await expectRejected('GET /healthz HTTP/1.1\r\nhost: x\r\nbad header: 1\r\n\r\n', {
      path: 'header',
      message: 'a header is malformed',
    });
  });

  it('headers larger than the parser allows (431 elsewhere)', async () => {
    await expectRejected(`GET /healthz HTTP/1.1\r\nhost: x\r\nx-big: ${'a'.repeat(20_000)}\r\n\r\n`, {
      path: 'header',
      message: 'the request headers are too large',
    });
  });

  it('a non-numeric content-length', async () => {
    await expectRejected('POST /v1/agents/create HTTP/1.1\r\nhost: x\r\ncontent-length: ten\r\n\r\n', {
      path: 'header.content-length',
      message: 'is invalid',
    });
  });

  it('a malformed chunked body', async () => {
    await expectRejected(
      'POST /v1/agents/create HTTP/1.1\r\nhost: x\r\ntransfer-encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n',
      { path: '', message: 'the chunked body is malformed' },
    );
  });

  it('answers a good request on the same connection first, then the bad one', async () => {
    const raw = await sendRaw(server.url, 'GET /healthz HTTP/1.1\r\nhost: x\r\n\r\nNOT A REQUEST\r\n\r\n');
    const second = raw.indexOf('HTTP/1.1 400');
    expect(raw.startsWith('HTTP/1.1 200')).toBe(true);
    expect(second).toBeGreaterThan(0);
    expect(parseAnswer(raw.slice(second)).body).toMatchObject({ success: false });
  });
});
