/**
 * The reference server in front of a llama-server-like upstream (the engines' testing module), over
 * real HTTP: what llama-server answers with a 500 though the client can fix it is the client's
 * 400, its own failures a 500, its wording never reaches the client, a history opening with the
 * assistant passes a strict chat template, max_tokens is checked against the schema as the offline
 * engine checks it, and a client leaving stops the generation, streamed or not.
 */
import { request as httpRequest } from 'node:http';
import {
  type FakeUpstream,
  type Generation,
  type LlamaServerOptions,
  llamaServerLike,
  startFakeUpstream,
} from '@assistant-platform/engines/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReferenceServer } from '../../src/index.js';
import { expectMatchesContract } from '../helpers/contract.js';
import { TEST_TOKENS, testChatBody } from '../helpers/fixtures.js';
import { serverModule } from '../helpers/server-module.js';
import { testDatabaseUrl } from '../helpers/test-store.js';

let upstream: FakeUpstream;
let server: ReferenceServer;
/** The same server with the offline engines: the answers the adapters must agree with. */
let offline: ReferenceServer;
const headers = { authorization: `Bearer ${TEST_TOKENS.all}`, 'content-type': 'application/json' };

beforeAll(async () => {
  upstream = await startFakeUpstream();
  server = await serverModule.startReferenceServer({
    env: {
      DATABASE_URL: await testDatabaseUrl(),
      CHAT_ENGINE: 'openai',
      CHAT_UPSTREAM_URL: upstream.url,
      CHAT_MODEL_MAP: JSON.stringify({ 'svc-v1-blaze-20250318': 'local' }),
      CHAT_UPSTREAM_TIMEOUT_MS: '30000',
      EMBEDDINGS_ENGINE: 'openai',
      EMBEDDINGS_UPSTREAM_URL: upstream.url,
      EMBEDDINGS_MODEL_MAP: JSON.stringify({ 'svc-embeddings-v1-20241001': 'local' }),
    },
  });
  offline = await serverModule.startReferenceServer({ env: { DATABASE_URL: await testDatabaseUrl() } });
});
afterAll(async () => {
  await server?.close();
  await offline?.close();
  await upstream?.close();
});

function llama(options: LlamaServerOptions = {}) {
  upstream.received.length = 0;
  const fake = llamaServerLike(options);
  upstream.handle(fake.handler);
  return fake;
}

const post = (path: string, body: unknown, to = server) =>
  fetch(`${to.baseUrl}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
const text = (value: string) => ({ type: 'text', text: value });

/** The status and envelope of a chat, checked against the contract, and its raw text. */
async function answer(response: Response, operation: 'chatRequest' | 'createEmbeddings' = 'chatRequest') {
  const raw = await response.text();
  const body = JSON.parse(raw);
  expectMatchesContract(operation, response.status, body);
  return { status: response.status, body, raw };
}

describe('the reference server over a llama-server upstream', { timeout: 60_000 }, () => {
  it('answers 400 naming /message/content, never the hint, for images on a text-only model (its 500)', async () => {
    llama({ vision: false });
    for (const stream of [false, true]) {
      const image = { type: 'image_url', image_url: { url: 'data:image/png;base64,iVBORw0KGgo=' } };
      const { status, body, raw } = await answer(
        await post(
          '/agents/chat/request',
          testChatBody({ stream, message: { role: 'user', content: [text('What is it?'), image] } }),
        ),
      );
      expect(status).toBe(400);
      expect(body.errors).toEqual([
        { path: '/message/content', message: 'the model does not accept images' },
      ]);
      expect(raw).not.toMatch(/mmproj|hint/);
    }
  });

  it('answers 400 naming /sentences for an 8,192-character sentence longer than its batch (its 500)', async () => {
    llama({ batchTokens: 512 });
    const { status, body, raw } = await answer(
      await post('/vectors/embedding', { sentences: ['x'.repeat(8192)] }),
      'createEmbeddings',
    );
    expect(status).toBe(400);
    expect(body.errors).toEqual([
      { path: '/sentences', message: 'a sentence is longer than the model server can embed at once' },
    ]);
    expect(raw).not.toContain('batch size');
  });

  it('answers 400 naming /message for a conversation over its context', async () => {
    llama({ contextTokens: 256 });
    const { status, body } = await answer(
      await post(
        '/agents/chat/request',
        testChatBody({ message: { role: 'user', content: [text('word '.repeat(400))] } }),
      ),
    );
    expect(status).toBe(400);
    expect(body.errors).toEqual([
      { path: '/message', message: "the conversation is longer than the model's context window" },
    ]);
  });

  it('answers 500, not a 400 the client cannot fix, when it fails to build a grammar from the schema', async () => {
    llama({ grammarFails: true });
    const schema = { type: 'object', properties: { summary: { type: 'string' } }, required: ['summary'] };
    const { status, raw } = await answer(
      await post(
        '/agents/chat/request',
        testChatBody({ response_format: { type: 'json_schema', json_schema: { name: 'x', schema } } }),
      ),
    );
    expect(status).toBe(500);
    expect(raw).not.toContain('grammar');
  });

  it('answers a memoryChat that opens with the assistant (its strict template accepts the turns)', async () => {
    llama({ answerTokens: 3 });
    const memoryChat = [
      { role: 'assistant', content: [text('Hello! How can I help?')] },
      { role: 'user', content: [text('My parcel is late.')] },
      { role: 'assistant', content: [text('Which order?')] },
    ];
    const { status, body } = await answer(
      await post(
        '/agents/chat/request',
        testChatBody({ memoryChat, message: { role: 'user', content: [text('A-1001.')] } }),
      ),
    );
    expect(status).toBe(200);
    expect(body.data.request[0].message.content).toBe('tok0 tok1 tok2 ');
  });

  it('answers 400 naming /max_tokens when the schema cannot fit, as the offline engine, without calling it', async () => {
    const fake = llama();
    const schema = {
      type: 'object',
      properties: { summary: { type: 'string', minLength: 20 }, priority: { enum: ['low', 'high'] } },
      required: ['summary', 'priority'],
    };
    const request = testChatBody({
      max_tokens: 8,
      response_format: { type: 'json_schema', json_schema: { name: 'x', schema } },
    });
    const ours = await answer(await post('/agents/chat/request', request));
    const offlines = await answer(await post('/agents/chat/request', request, offline));
    expect(offlines.status).toBe(400);
    expect(offlines.body.errors[0]).toMatchObject({
      path: '/max_tokens',
      message: expect.stringMatching(/needs \d+ tokens/),
    });
    expect(ours.status).toBe(400);
    expect(ours.body.errors).toEqual(offlines.body.errors);
    expect(upstream.received).toHaveLength(0);
    expect(fake.generations).toHaveLength(0);
  });

  it.each([false, true])('stops generating when the client leaves (stream: %s)', async (stream) => {
    // 2,000 tokens at 10 ms: 20 s to the end, far beyond how soon a hang-up is noticed.
    const fake = llama({ tokenIntervalMs: 10 });
    const client = httpRequest(`${server.baseUrl}/agents/chat/request`, {
      method: 'POST',
      agent: false,
      headers,
    });
    client.on('error', () => {});
    client.end(JSON.stringify(testChatBody({ stream, max_tokens: 2000 })));
    const generation = await firstGeneration(fake.generations);
    await generation.reached(5);
    client.destroy();
    expect(await generation.ended).toBe('cancelled');
    expect(generation.generated).toBeLessThan(2000);
    expect(await generation.request.hungUp).toBe(true);
  });
});

async function firstGeneration(generations: Generation[]): Promise<Generation> {
  while (generations[0] === undefined) await new Promise((resolve) => setTimeout(resolve, 5));
  return generations[0];
}
