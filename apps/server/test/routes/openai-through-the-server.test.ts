/**
 * The adapters behind the real reference server: a client talks our contract over HTTP, the server
 * talks OpenAI to a fake upstream, and upstream outcomes come back as our envelopes.
 */

import { request as httpRequest } from 'node:http';
import {
  chatUpstreamEnv,
  chunk,
  completion,
  type FakeUpstream,
  modelLikeHandler,
  sendJson,
  sendSse,
  startFakeUpstream,
} from '@assistant-platform/engines/testing';
import type {
  BadRequestError,
  ChatResponse,
  EmbeddingsResponse,
  RateLimitError,
} from '@assistant-platform/types';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type ReferenceServer, startReferenceServer } from '../../src/index.js';
import { TEST_TOKENS, testChatBody } from '../helpers/fixtures.js';
import { testDatabaseUrl } from '../helpers/test-store.js';

let upstream: FakeUpstream;
let server: ReferenceServer;

beforeAll(async () => {
  upstream = await startFakeUpstream();
  server = await startReferenceServer({
    env: {
      DATABASE_URL: await testDatabaseUrl(),
      ...chatUpstreamEnv(upstream.url),
      CHAT_UPSTREAM_TIMEOUT_MS: '2000',
      EMBEDDINGS_ENGINE: 'openai',
      EMBEDDINGS_UPSTREAM_URL: upstream.url,
      EMBEDDINGS_MODEL_MAP: JSON.stringify({ 'svc-embeddings-v1-20241001': 'nomic-embed-text' }),
    },
  });
});
afterAll(async () => {
  await server?.close();
  await upstream?.close();
});
beforeEach(() => {
  upstream.received.length = 0;
  upstream.handle(modelLikeHandler);
});

const post = (path: string, body: unknown) =>
  fetch(`${server.baseUrl}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${TEST_TOKENS.all}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('reference server with CHAT_ENGINE=openai and EMBEDDINGS_ENGINE=openai', () => {
  it('answers a chat request with the upstream answer in our envelope', async () => {
    upstream.handle((_request, res) =>
      sendJson(res, 200, completion('It ships tomorrow.', 'stop', { matched_stop: 128009 })),
    );
    const response = await post('/agents/chat/request', testChatBody());
    expect(response.status).toBe(200);
    const json = (await response.json()) as ChatResponse;
    expect(json.data.request).toEqual([
      {
        finish_reason: 'stop',
        message: { role: 'assistant', content: 'It ships tomorrow.' },
        matched_stop: 128009,
      },
    ]);
    expect(json.data.model).toBe('svc-v1-blaze-20250318');
    expect(upstream.only().body.model).toBe('llama3.2:3b');
    expect(upstream.only().headers['x-request-id']).toBe(response.headers.get('x-request-id'));
  });

  it('streams the upstream deltas as our chunks, ending with finish_reason and [DONE]', async () => {
    upstream.handle((_request, res) =>
      sendSse(res, [chunk('It '), chunk('ships.'), chunk(undefined, 'length')]),
    );
    const response = await post('/agents/chat/request', testChatBody({ stream: true }));
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const events = (await response.text())
      .split('\n\n')
      .filter(Boolean)
      .map((event) => event.replace(/^data: /, ''));
    expect(events.at(-1)).toBe('[DONE]');
    const chunks = events.slice(0, -1).map((event) => JSON.parse(event).request[0]);
    expect(chunks.map((choice) => choice.delta.content ?? '').join('')).toBe('It ships.');
    expect(chunks.at(-1)).toMatchObject({ finish_reason: 'length', matched_stop: -1 });
  });

  it('answers 429 with Retry-After when the upstream rate limits, streamed or not', async () => {
    upstream.handle((_request, res) => sendJson(res, 429, {}, { 'retry-after': '9' }));
    for (const stream of [false, true]) {
      const response = await post('/agents/chat/request', testChatBody({ stream }));
      expect(response.status).toBe(429);
      expect(response.headers.get('retry-after')).toBe('9');
      expect(((await response.json()) as RateLimitError).success).toBe(false);
    }
  });

  it('answers 400 naming the kind of rejection, never with the upstream reason', async () => {
    const reason = 'request (5000 tokens) exceeds the available context size (4096 tokens) of llama3.2:3b';
    upstream.handle((_request, res) => sendJson(res, 400, { error: { message: reason } }));
    const response = await post('/agents/chat/request', testChatBody({ stream: true }));
    expect(response.status).toBe(400);
    const text = await response.text();
    expect(text).not.toContain('llama3.2');
    expect((JSON.parse(text) as BadRequestError).errors).toEqual([
      { path: '/message', message: "the conversation is longer than the model's context window" },
    ]);
  });

  it("answers 500 when the upstream does not know the model (404), whose fix is the operator's", async () => {
    upstream.handle((_request, res) =>
      sendJson(res, 404, { error: { message: 'model "llama3.2:3b" not found, try pulling it first' } }),
    );
    const response = await post('/agents/chat/request', testChatBody());
    expect(response.status).toBe(500);
    expect(await response.text()).not.toContain('llama3.2');
  });

  it('answers 500 without upstream details when the upstream fails', async () => {
    upstream.handle((_request, res) => sendJson(res, 503, { error: { message: 'GPU 0 fell off the bus' } }));
    const response = await post('/agents/chat/request', testChatBody());
    expect(response.status).toBe(500);
    expect(await response.text()).not.toContain('GPU');
  });

  it('rejects a model outside CHAT_MODEL_MAP with 400 before calling the upstream', async () => {
    const response = await post('/agents/chat/request', testChatBody({ model: 'gpt-unknown' }));
    expect(response.status).toBe(400);
    expect(upstream.received).toHaveLength(0);
  });

  it('stops the upstream stream when the client disconnects', async () => {
    upstream.handle((_request, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(`data: ${JSON.stringify(chunk('Hello'))}\n\n`);
    });
    // node:http rather than fetch, so the disconnect is one socket closing and nothing else.
    const firstBytes = await new Promise<string>((resolve, reject) => {
      const client = httpRequest(`${server.baseUrl}/agents/chat/request`, {
        method: 'POST',
        agent: false,
        headers: { authorization: `Bearer ${TEST_TOKENS.all}`, 'content-type': 'application/json' },
      });
      client.on('error', reject);
      client.on('response', (response) =>
        response.once('data', (data: Buffer) => {
          client.destroy();
          resolve(data.toString('utf8'));
        }),
      );
      client.end(JSON.stringify(testChatBody({ stream: true })));
    });
    expect(firstBytes).toContain('Hello');
    expect(await upstream.only().hungUp).toBe(true);
  });

  it('embeds 150 sentences through the upstream in batches of at most 64, in order', async () => {
    const sentences = Array.from({ length: 150 }, (_, i) => `${'s'.repeat(i + 1)}`);
    const response = await post('/vectors/embedding', { sentences });
    expect(response.status).toBe(200);
    const { embeddings } = ((await response.json()) as EmbeddingsResponse).data;
    expect(
      upstream.received.map((request) => request.body.input.length).sort((a: number, b: number) => a - b),
    ).toEqual([22, 64, 64]);
    // The fake vector is [length, 's', 1]: its first component grows with the sentence length.
    const firsts = embeddings.map((vector) => vector[0] ?? 0);
    expect(firsts).toEqual([...firsts].sort((a, b) => a - b));
    expect(new Set(firsts).size).toBe(150);
  });
});
