/**
 * Retries against a real HTTP server (node:http on a free port), through the global fetch: what a
 * write is retried on, and with which key. A create is sent again, with its one `Idempotency-Key`,
 * after a 502, a 503, a 504, a reset connection and an answer cut mid-body; a request that may have
 * done its work and carries no key (a POST told to send none, a PATCH) is not; a GET always is;
 * and what refused the request before it ran (a 429) is retried whatever it is.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  APIConnectionError,
  createAssistantClient,
  InternalServerError,
  ServiceUnavailableError,
} from '../src/index.js';

type Step = (request: IncomingMessage, response: ServerResponse) => void;
interface Received {
  method: string;
  path: string;
  key: string | undefined;
  body: string;
}

const envelope = (message: string) => JSON.stringify({ success: false, message });
const status =
  (code: number, message: string): Step =>
  (_request, response) => {
    response.writeHead(code, { 'content-type': 'application/json', 'retry-after': '0' });
    response.end(envelope(message));
  };
const reset: Step = (request) => request.socket.destroy();
/** The head and a tenth of the body, then the connection closed: an answer cut mid-body. */
const cut: Step = (request, response) => {
  const body = JSON.stringify({ success: true, message: 'Agent created successfully', data: { id: 1 } });
  response.writeHead(201, { 'content-type': 'application/json', 'content-length': String(body.length) });
  response.write(body.slice(0, body.length / 10), () => request.socket.destroy());
};
const created: Step = (_request, response) => {
  response.writeHead(201, { 'content-type': 'application/json' });
  response.end(JSON.stringify({ success: true, message: 'Agent created successfully', data: { id: 7 } }));
};

let server: Server;
let baseUrl: string;
let script: Step[] = [];
let received: Received[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => {
      body += chunk.toString();
    });
    request.on('end', () => {
      const key = request.headers['idempotency-key'];
      received.push({
        method: request.method ?? '',
        path: request.url ?? '',
        key: typeof key === 'string' ? key : undefined,
        body,
      });
      (script.shift() ?? created)(request, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  script = [];
  received = [];
});

const sdk = () => createAssistantClient({ baseUrl, token: 'token', maxRetries: 6 });
const agent = { name: 'Support', instruction: 'Answer politely.' };

describe('retries over HTTP', { timeout: 60_000 }, () => {
  it('sends a create again with the same key after 502, 503, 504, a reset and an answer cut mid-body', async () => {
    script = [
      status(502, 'Bad gateway'),
      status(503, 'Service unavailable'),
      status(504, 'Gateway timeout'),
      reset,
      cut,
    ];
    await expect(sdk().agents.create(agent)).resolves.toMatchObject({ id: 7 });
    expect(received).toHaveLength(6);
    const [first] = received;
    expect(first?.key).toMatch(/^[0-9a-f-]{36}$/);
    for (const attempt of received) {
      expect(attempt).toEqual({
        method: 'POST',
        path: '/v1/agents/create',
        key: first?.key,
        body: first?.body,
      });
    }
  });

  it("sends the caller's own key with every attempt", async () => {
    script = [status(503, 'Service unavailable'), reset];
    await sdk().agents.create(agent, { idempotencyKey: 'order-1001' });
    expect(received.map((attempt) => attempt.key)).toEqual(['order-1001', 'order-1001', 'order-1001']);
  });

  it('does not send again a POST without a key that may have done its work', async () => {
    script = [status(503, 'Service unavailable')];
    const unavailable = await sdk()
      .agents.create(agent, { idempotencyKey: false })
      .catch((error: unknown) => error);
    expect(unavailable).toBeInstanceOf(ServiceUnavailableError);
    expect(unavailable).toBeInstanceOf(InternalServerError);
    expect((unavailable as ServiceUnavailableError).retryAfterMs).toBe(0);

    script = [reset];
    await expect(sdk().agents.create(agent, { idempotencyKey: false })).rejects.toBeInstanceOf(
      APIConnectionError,
    );
    expect(received.map((attempt) => attempt.key)).toEqual([undefined, undefined]);
  });

  it('sends again a POST without a key that was refused before it ran (429)', async () => {
    script = [status(429, 'Rate limit exceeded. Please try again later.')];
    await expect(sdk().agents.create(agent, { idempotencyKey: false })).resolves.toMatchObject({ id: 7 });
    expect(received).toHaveLength(2);
  });

  it('does not send a PATCH again after a 502 (it takes no key), and always sends a GET again', async () => {
    script = [status(502, 'Bad gateway')];
    await expect(
      sdk().transcriptions.update(7, 42, { filename: 'a.mp3', transcript: 'b' }),
    ).rejects.toMatchObject({ status: 502 });
    expect(received).toHaveLength(1);

    received = [];
    script = [reset, status(503, 'Service unavailable'), cut];
    await expect(sdk().agents.get(7)).resolves.toMatchObject({ id: 7 });
    expect(received.map((attempt) => attempt.method)).toEqual(['GET', 'GET', 'GET', 'GET']);
  });
});
