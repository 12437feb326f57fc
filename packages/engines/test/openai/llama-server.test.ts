/**
 * The adapters against a llama-server-like upstream (src/testing/llama-server-like.ts): its
 * refusals, as llama-server words them and with its statuses, become the README's answers, and a
 * caller leaving a request that is not streamed stops the generation, as it does a stream's.
 */
import type { ResponseFormat } from '@assistant-platform/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOpenAIEmbeddingEngine } from '../../src/openai/embedding-engine.js';
import {
  type FakeUpstream,
  type LlamaServerOptions,
  llamaServerLike,
  startFakeUpstream,
} from '../../src/testing/index.js';
import type { ChatEngineRequest } from '../../src/types.js';
import {
  callOptions,
  chatEngineAt,
  chatRequest,
  collect,
  offlineEngine,
  recordingLogger,
  rejection,
} from './helpers.js';

let upstream: FakeUpstream;
beforeAll(async () => {
  upstream = await startFakeUpstream();
});
afterAll(() => upstream.close());

/** A fresh llama-server-like handler and its generations; the upstream's list of requests emptied. */
function llama(options: LlamaServerOptions = {}) {
  upstream.received.length = 0;
  const server = llamaServerLike(options);
  upstream.handle(server.handler);
  return server;
}

const text = (value: string) => ({ type: 'text' as const, text: value });
const image = { type: 'image_url' as const, image_url: { url: 'data:image/png;base64,iVBORw0KGgo=' } };
const entryPoints = {
  complete: (request: ChatEngineRequest) =>
    chatEngineAt(upstream.url).engine.complete(request, callOptions()),
  stream: (request: ChatEngineRequest) =>
    chatEngineAt(upstream.url).engine.stream(request, callOptions()).then(collect),
};

describe.each(Object.entries(entryPoints))(
  'OpenAI chat adapter against llama-server (%s)',
  { timeout: 60_000 },
  (_name, call) => {
    it('answers 400 "the model does not accept images" for its 500 to images on a text-only model', async () => {
      llama({ vision: false });
      const error = await rejection(
        call(chatRequest({ message: { role: 'user', content: [text('What is this?'), image] } })),
      );
      expect(error.status).toBe(400);
      expect(error.details.issues).toEqual([
        { path: '/message/content', message: 'the model does not accept images' },
      ]);
    });

    it('answers 400 naming /message for its exceed_context_size_error', async () => {
      llama({ contextTokens: 256 });
      const error = await rejection(
        call(chatRequest({ message: { role: 'user', content: [text('word '.repeat(400))] } })),
      );
      expect(error.status).toBe(400);
      expect(error.details.issues).toEqual([
        { path: '/message', message: "the conversation is longer than the model's context window" },
      ]);
    });

    it('answers 500 when it fails to build a grammar from the schema (its 400 is no fault of the client)', async () => {
      const server = llama({ grammarFails: true });
      const schema = { type: 'object', properties: { summary: { type: 'string' } }, required: ['summary'] };
      const request = chatRequest({
        response_format: { type: 'json_schema', json_schema: { name: 'triage', schema } } as ResponseFormat,
      });
      const error = await rejection(call(request));
      expect(error.status).toBe(500);
      expect(error.details.issues).toBeUndefined();
      expect(server.generations).toHaveLength(0);
    });

    it('answers a history that opens with the assistant (a greeting) through a strict chat template', async () => {
      llama({ answerTokens: 3 });
      const request = chatRequest({
        memoryChat: [
          { role: 'assistant', content: [text('Hi! I am the parcel desk. How can I help?')] },
          { role: 'user', content: [text('My parcel is late.')] },
          { role: 'assistant', content: [text('Which order?')] },
        ],
        message: { role: 'user', content: [text('A-1001.')] },
      });
      await expect(call(request)).resolves.toBeDefined();
      const sent = upstream.only().body.messages;
      expect(sent.map((message: { role: string }) => message.role)).toEqual([
        'system',
        'user',
        'assistant',
        'user',
      ]);
      expect(sent[0].content).toContain('Hi! I am the parcel desk. How can I help?');
    });

    it('answers 400 naming /max_tokens when the schema cannot fit, as the offline engine does, before any generation', async () => {
      const server = llama();
      const schema = {
        type: 'object',
        properties: { summary: { type: 'string', minLength: 20 }, priority: { enum: ['low', 'high'] } },
        required: ['summary', 'priority'],
      };
      const request = chatRequest({
        max_tokens: 8,
        response_format: { type: 'json_schema', json_schema: { name: 'triage', schema } } as ResponseFormat,
      });
      const offline = await rejection(offlineEngine.complete(request, callOptions()));
      const error = await rejection(call(request));
      expect(error.status).toBe(400);
      expect(error.details.issues).toEqual(offline.details.issues);
      expect(error.details.issues?.[0]?.path).toBe('/max_tokens');
      expect(error.details.issues?.[0]?.message).toMatch(/needs \d+ tokens/);
      expect(upstream.received).toHaveLength(0);
      expect(server.generations).toHaveLength(0);
    });
  },
);

describe('OpenAI chat adapter against llama-server: the caller going away', { timeout: 60_000 }, () => {
  it.each([
    ['a request that is not streamed', 'complete'],
    ['a stream', 'stream'],
  ] as const)('stops the generation of %s when the caller leaves', async (_name, entry) => {
    // 2,000 tokens at 10 ms: 20 s to the end, far beyond how soon a hang-up is noticed.
    const server = llama({ tokenIntervalMs: 10 });
    const caller = new AbortController();
    const engine = chatEngineAt(upstream.url, { timeoutMs: 30_000 }).engine;
    const request = chatRequest({ max_tokens: 2000 });
    const pending =
      entry === 'complete'
        ? engine.complete(request, callOptions(caller.signal))
        : engine.stream(request, callOptions(caller.signal)).then(collect);
    pending.catch(() => {});
    await waitFor(() => server.generations[0]);
    const generation = server.generations[0];
    await generation?.reached(5);
    caller.abort();
    expect((await rejection(pending)).status).toBe(500);
    expect(await generation?.ended).toBe('cancelled');
    expect(generation?.generated).toBeLessThan(2000);
    // Asked as a stream even for a whole answer: the one kind of request it stops.
    expect(generation?.stream).toBe(true);
  });
});

describe('OpenAI embeddings adapter against llama-server', { timeout: 60_000 }, () => {
  it('answers 400 naming /sentences for its 500 to an input longer than the physical batch', async () => {
    llama({ batchTokens: 512 });
    const logger = recordingLogger();
    const engine = createOpenAIEmbeddingEngine(
      { url: upstream.url, modelMap: { 'svc-embeddings-v1-20241001': 'embed' }, timeoutMs: 5000 },
      logger,
    );
    const request = {
      model: 'svc-embeddings-v1-20241001',
      lang: 'en',
      sentences: ['short', 'x'.repeat(8192)],
    };
    const error = await rejection(engine.embed(request, callOptions()));
    expect(error.status).toBe(400);
    expect(error.details.issues).toEqual([
      { path: '/sentences', message: 'a sentence is longer than the model server can embed at once' },
    ]);
    expect(JSON.stringify(error.details)).not.toContain('batch');
    expect(logger.lines.some((line) => String(line.obj.body).includes('physical batch size'))).toBe(true);
  });
});

async function waitFor<T>(value: () => T | undefined): Promise<T> {
  for (;;) {
    const found = value();
    if (found !== undefined) return found;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
