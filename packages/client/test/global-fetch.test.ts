/**
 * The global `fetch`'s path (no injected fetch): the SDK hands it openapi-fetch's Request with each
 * attempt's body and signal. Against a local HTTP server whose answers each test scripts.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { APITimeoutError, createAssistantClient } from '../src/index.js';

type Handler = (request: IncomingMessage, body: string, response: ServerResponse) => void;
let server: Server;
let baseUrl: string;
let handlers: Handler[] = [];
const received: { method?: string; url?: string; body: string; authorization?: string }[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => {
      body += chunk;
    });
    request.on('end', () => {
      received.push({
        method: request.method,
        url: request.url,
        body,
        authorization: request.headers.authorization,
      });
      const handler = handlers[Math.min(received.length - 1, handlers.length - 1)]!;
      handler(request, body, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
beforeEach(() => {
  received.length = 0;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

function answer(status: number, envelope: unknown, headers: Record<string, string> = {}): Handler {
  return (_request, _body, response) => {
    response.writeHead(status, { 'content-type': 'application/json', ...headers });
    response.end(JSON.stringify(envelope));
  };
}

describe('the global fetch', () => {
  it("resends a POST's body after a 503 and reads the answer", async () => {
    handlers = [
      answer(503, { success: false, message: 'Internal server error' }, { 'retry-after': '0' }),
      answer(201, { success: true, message: 'Agent created successfully', data: { id: 5 } }),
    ];
    const sdk = createAssistantClient({ baseUrl, token: 'secret' });
    await expect(sdk.agents.create({ name: 'Support', instruction: 'Answer.' })).resolves.toEqual({ id: 5 });
    const sent = JSON.stringify({ name: 'Support', instruction: 'Answer.' });
    expect(received).toEqual([
      { method: 'POST', url: '/v1/agents/create', body: sent, authorization: 'Bearer secret' },
      { method: 'POST', url: '/v1/agents/create', body: sent, authorization: 'Bearer secret' },
    ]);
  });

  it('times out an answer whose body stalls after the headers', async () => {
    handlers = [
      (_request, _body, response) => {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.write('{"success":true,');
      },
    ];
    const sdk = createAssistantClient({ baseUrl, token: 'secret', timeoutMs: 300, maxRetries: 0 });
    await expect(sdk.agents.get(1)).rejects.toBeInstanceOf(APITimeoutError);
  });
});
