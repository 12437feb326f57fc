/**
 * The gateway's upstream `fetch` (undici's `request()` behind fetch's signature) against a real
 * `node:http` server: what it sends, the `Response` it makes, streams, aborts and failures.
 */
import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAssistantClient } from '@assistant-platform/client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createUpstreamFetch } from '../src/upstream/upstream-fetch.js';

type Route = (request: IncomingMessage, body: string, response: ServerResponse) => void;

let server: Server;
let origin: string;
let route: Route;
const upstream = createUpstreamFetch();

beforeAll(async () => {
  server = createServer(async (request, response) => {
    let body = '';
    for await (const chunk of request) body += chunk;
    route(request, body, response);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterEach(() => {
  server.closeAllConnections();
});
afterAll(async () => {
  await upstream.close();
  server.close();
});

describe('upstream fetch', () => {
  it('sends the method, headers and text body it is given, and answers with status, headers and body', async () => {
    let seen: { method?: string; headers?: IncomingMessage['headers']; body?: string } = {};
    route = (request, body, response) => {
      seen = { method: request.method, headers: request.headers, body };
      response.writeHead(201, { 'content-type': 'application/json', 'x-request-id': 'abc' });
      response.end('{"success":true}');
    };
    const headers = new Headers({ authorization: 'Bearer t', 'content-type': 'application/json' });
    const response = await upstream(`${origin}/v1/agents/create`, {
      method: 'POST',
      headers,
      body: '{"a":1}',
    });
    expect(seen).toMatchObject({
      method: 'POST',
      body: '{"a":1}',
      headers: { authorization: 'Bearer t', 'content-type': 'application/json' },
    });
    expect(response.status).toBe(201);
    expect(response.ok).toBe(true);
    expect(response.headers.get('x-request-id')).toBe('abc');
    expect(await response.json()).toEqual({ success: true });
  });

  it('answers JSON already read whole, which the SDK returns as it is instead of reading it again', async () => {
    route = (_request, _body, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{"success":true,"message":"Agent retrieved","data":{"id":7}}');
    };
    const made: Response[] = [];
    const sdk = createAssistantClient({
      baseUrl: `${origin}/v1`,
      token: 't',
      fetch: async (input, init) => {
        const response = await upstream(input, init);
        made.push(response);
        return response;
      },
    });
    const { data, response } = await sdk.raw.GET('/agents/view/{id}', { params: { path: { id: '7' } } });
    expect(data).toMatchObject({ data: { id: 7 } });
    expect(made).toHaveLength(1);
    expect(response).toBe(made[0]);
  });

  it('keeps every value of a repeated response header', async () => {
    route = (_request, _body, response) => {
      response.setHeader('x-many', ['a', 'b']);
      response.end();
    };
    const response = await upstream(`${origin}/`, { headers: { accept: '*/*' } });
    expect(response.headers.get('x-many')).toBe('a, b');
  });

  it('answers a 204 with no body', async () => {
    route = (_request, _body, response) => {
      response.writeHead(204);
      response.end();
    };
    const response = await upstream(`${origin}/`);
    expect(response.status).toBe(204);
    expect(response.body).toBeNull();
  });

  it('hands over an event stream as it arrives, and closes the request when it is cancelled', async () => {
    let closed: Promise<unknown> = Promise.resolve();
    route = (request, _body, response) => {
      closed = once(request.socket, 'close');
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.write('data: one\n\n');
      // Never ends by itself: only a cancelled stream can finish this test.
    };
    const response = await upstream(`${origin}/stream`);
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toBe('data: one\n\n');
    await reader.cancel();
    await closed;
  });

  it('rejects when its signal aborts before the answer', async () => {
    route = () => {
      // Never answers.
    };
    const controller = new AbortController();
    const pending = upstream(`${origin}/slow`, { signal: controller.signal });
    controller.abort(new Error('gave up'));
    await expect(pending).rejects.toThrow();
  });

  it('rejects when its signal aborts while a whole body is still arriving', async () => {
    route = (_request, _body, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.write('{"partial":');
    };
    const controller = new AbortController();
    const pending = upstream(`${origin}/stall`, { signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    await expect(pending).rejects.toThrow();
  });

  it('rejects when nothing listens at the address', async () => {
    const closedServer = createServer();
    closedServer.listen(0, '127.0.0.1');
    await once(closedServer, 'listening');
    const { port } = closedServer.address() as AddressInfo;
    closedServer.close();
    await expect(upstream(`http://127.0.0.1:${port}/`)).rejects.toThrow();
  });

  it('leaves a Request as input to the global fetch', async () => {
    route = (request, _body, response) => {
      response.end(request.headers['x-from'] ?? '');
    };
    const response = await upstream(new Request(`${origin}/`, { headers: { 'x-from': 'request' } }));
    expect(await response.text()).toBe('request');
  });
});
