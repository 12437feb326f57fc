/**
 * Slow clients over real sockets: a request must arrive within its time limits (1 s here) or be
 * answered with the 400 envelope and disconnected, while a long answer is never cut by them.
 */

import {
  chatUpstreamEnv,
  chunk,
  completion,
  type FakeUpstream,
  sendJson,
  startFakeUpstream,
} from '@assistant-platform/engines/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ReferenceServer, startReferenceServer } from '../../src/index.js';
import { auth, TEST_TOKENS, testChatBody, testSeed } from '../helpers/fixtures.js';
import { openRaw, parseAnswer } from '../helpers/raw-socket.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

let upstream: FakeUpstream;
let server: ReferenceServer;
beforeAll(async () => {
  upstream = await startFakeUpstream();
  server = await startReferenceServer({
    seed: testSeed,
    env: {
      HEADERS_TIMEOUT_MS: '1000',
      REQUEST_TIMEOUT_MS: '1000',
      ...chatUpstreamEnv(upstream.url),
    },
  });
});
afterAll(async () => {
  await server?.close();
  await upstream?.close();
});

/** Sends `head`, then one byte of body every 200 ms until the server closes the connection. */
async function trickle(head: string): Promise<string> {
  const { socket, closed } = await openRaw(server.url);
  socket.write(head);
  const timer = setInterval(() => socket.writable && socket.write(' '), 200);
  try {
    return await closed;
  } finally {
    clearInterval(timer);
  }
}

describe('time limits on receiving a request', () => {
  it('answers a body that trickles in too slowly with the 400 envelope and closes', async () => {
    const raw = await trickle(
      'POST /v1/agents/create HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\n' +
        `authorization: Bearer ${TEST_TOKENS.all}\r\ncontent-length: 1000\r\n\r\n{`,
    );
    const answer = parseAnswer(raw);
    expect(answer.status).toBe(400);
    expect(answer.headers['x-request-id']).toMatch(UUID);
    expect(answer.headers.connection).toBe('close');
    expect(answer.body).toEqual({
      success: false,
      message: 'Invalid input provided',
      errors: [{ path: '', message: 'the request was not received within 1 s' }],
    });
  }, 120_000);

  it('closes a connection that sends no token and a slow body once the limit passes', async () => {
    // The 401 goes out at once; what matters is that the connection does not stay open.
    const raw = await trickle('POST /v1/agents/create HTTP/1.1\r\nhost: x\r\ncontent-length: 1000\r\n\r\n{');
    expect(parseAnswer(raw.slice(0, raw.indexOf('}') + 1)).status).toBe(401);
  }, 120_000);

  it('answers headers that never finish with the 400 envelope and closes', async () => {
    const { socket, closed } = await openRaw(server.url);
    socket.write('GET /healthz HTTP/1.1\r\nhost: x\r\n');
    const answer = parseAnswer(await closed);
    expect(answer.status).toBe(400);
    expect(answer.headers['x-request-id']).toMatch(UUID);
    expect(answer.body).toEqual({
      success: false,
      message: 'Invalid input provided',
      errors: [{ path: 'header', message: 'the request headers were not received within 1 s' }],
    });
  }, 120_000);

  it('closes a connection that sends nothing at all', async () => {
    const { closed } = await openRaw(server.url);
    expect(parseAnswer(await closed).status).toBe(400);
  }, 120_000);

  it('does not cut a chat stream that lasts longer than the limits', async () => {
    let finish: () => void = () => undefined;
    const finished = new Promise<void>((resolve) => {
      finish = resolve;
    });
    upstream.handle(async (_request, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(`data: ${JSON.stringify(chunk('Hello'))}\n\n`);
      await finished;
      res.end(`data: ${JSON.stringify(chunk(' again', 'stop'))}\n\ndata: [DONE]\n\n`);
    });
    const response = await fetch(`${server.baseUrl}/agents/chat/request`, {
      method: 'POST',
      headers: { ...auth(TEST_TOKENS.all), 'content-type': 'application/json' },
      body: JSON.stringify(testChatBody({ stream: true })),
    });
    expect(response.status).toBe(200);
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    let text = decoder.decode((await reader.read()).value);
    expect(text).toContain('Hello');
    // Three times the limits plus their checking interval: a cut would have happened by now.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    finish();
    for (let read = await reader.read(); !read.done; read = await reader.read())
      text += decoder.decode(read.value);
    expect(text).toContain(' again');
    expect(text.trimEnd().endsWith('data: [DONE]')).toBe(true);
  }, 120_000);

  it('answers a request whose engine takes longer than the limits', async () => {
    let finish: () => void = () => undefined;
    const finished = new Promise<void>((resolve) => {
      finish = resolve;
    });
    upstream.handle(async (_request, res) => {
      await finished;
      sendJson(res, 200, completion('Late but fine.', 'stop'));
    });
    const pending = fetch(`${server.baseUrl}/agents/chat/request`, {
      method: 'POST',
      headers: { ...auth(TEST_TOKENS.all), 'content-type': 'application/json' },
      body: JSON.stringify(testChatBody()),
    });
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    finish();
    const response = await pending;
    expect(response.status).toBe(200);
    expect(
      ((await response.json()) as { data: { request: { message: { content: string } }[] } }).data.request[0]
        ?.message.content,
    ).toBe('Late but fine.');
  }, 120_000);
});
