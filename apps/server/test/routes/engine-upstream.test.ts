import { request } from 'node:http';
import {
  chunk,
  completion,
  type FakeUpstream,
  sendJson,
  startFakeUpstream,
} from '@assistant-platform/engines/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReferenceServer } from '../../src/index.js';
import { expectMatchesContract } from '../helpers/contract.js';
import { TEST_TOKENS, testChatBody, testSeed } from '../helpers/fixtures.js';
import { serverModule } from '../helpers/server-module.js';
import { testDatabaseUrl } from '../helpers/test-store.js';

let upstream: FakeUpstream;
let server: ReferenceServer;
const headers = { authorization: `Bearer ${TEST_TOKENS.all}`, 'content-type': 'application/json' };
const chat = (extra: Record<string, unknown> = {}, init: RequestInit = {}) =>
  fetch(`${server.baseUrl}/agents/chat/request`, {
    method: 'POST',
    headers,
    body: JSON.stringify(testChatBody(extra)),
    ...init,
  });

beforeAll(async () => {
  upstream = await startFakeUpstream();
  server = await serverModule.startReferenceServer({
    seed: testSeed,
    env: {
      DATABASE_URL: await testDatabaseUrl(),
      CHAT_ENGINE: 'openai',
      CHAT_UPSTREAM_URL: upstream.url,
      CHAT_MODEL_MAP: JSON.stringify({
        'svc-v1-blaze-20250318': 'upstream-model',
        'team-model': 'other-upstream',
      }),
    },
  });
});
afterAll(async () => {
  await server?.close();
  await upstream?.close();
});

describe('chat through an OpenAI-compatible upstream (engine errors → envelopes)', () => {
  it('answers with the upstream text and the request model; configured models are known', async () => {
    upstream.handle((_req, res) => sendJson(res, 200, completion('From upstream', 'stop')));
    const res = await chat({ model: 'team-model' });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { data: unknown; errors: unknown };
    expectMatchesContract('chatRequest', 200, body);
    expect(body.data).toMatchObject({
      model: 'team-model',
      request: [{ message: { content: 'From upstream' } }],
    });
    expect(res.headers.get('x-request-id')).toBeTruthy();
  });

  it('maps an upstream 429 to the 429 envelope with Retry-After, streamed or not', async () => {
    upstream.handle((_req, res) => {
      res.writeHead(429, { 'retry-after': '7' }).end('{"error":{"message":"slow down"}}');
    });
    for (const stream of [false, true]) {
      const res = await chat({ stream });
      expect(res.status).toBe(429);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(res.headers.get('retry-after')).toBe('7');
      expectMatchesContract('chatRequest', 429, await res.json());
    }
  });

  it('maps an upstream rejection to a 400 naming its kind, not the upstream wording', async () => {
    upstream.handle((_req, res) => {
      res.writeHead(422).end('{"error":{"message":"context too long"}}');
    });
    const res = await chat();
    expect(res.status).toBe(400);
    const body = (await res.json()) as { data: unknown; errors: unknown };
    expectMatchesContract('chatRequest', 400, body);
    expect(body.errors).toEqual([
      { path: '/message', message: "the conversation is longer than the model's context window" },
    ]);
  });

  it('maps an upstream failure to a 500 that reveals nothing of the upstream', async () => {
    upstream.handle((_req, res) => {
      res.writeHead(503).end('secret upstream stack trace');
    });
    const res = await chat();
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(text).not.toContain('secret');
    expectMatchesContract('chatRequest', 500, JSON.parse(text));
  });

  it('aborts the upstream request when the client disconnects mid-stream', async () => {
    upstream.handle((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      // Never finishes on its own: only the reference server closing the connection ends it.
      res.write(`data: ${JSON.stringify(chunk('first words'))}\n\n`);
    });
    upstream.received.length = 0;
    const req = request(`${server.baseUrl}/agents/chat/request`, { method: 'POST', headers });
    req.end(JSON.stringify(testChatBody({ stream: true })));
    const first = await new Promise<string>((resolve) =>
      req.on('response', (res) => res.once('data', (chunk: Buffer) => resolve(chunk.toString()))),
    );
    expect(first).toContain('first words');
    req.destroy();
    expect(await upstream.only().hungUp).toBe(true);
  });
});
