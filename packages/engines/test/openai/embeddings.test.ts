import { ConfigError } from '@assistant-platform/types';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createOpenAIEmbeddingEngine } from '../../src/openai/embedding-engine.js';
import { closedPortUrl, type FakeUpstream, sendJson, startFakeUpstream } from '../../src/testing/index.js';
import { callOptions, recordingLogger, rejection } from './helpers.js';

const OUR_MODEL = 'svc-embeddings-v1-20241001';
const UPSTREAM_MODEL = 'nomic-embed-text';

let upstream: FakeUpstream;
beforeAll(async () => {
  upstream = await startFakeUpstream();
});
afterAll(() => upstream.close());
beforeEach(() => {
  upstream.received.length = 0;
});

function setup(url = upstream.url, apiKey?: string) {
  const logger = recordingLogger();
  const engine = createOpenAIEmbeddingEngine(
    { url, apiKey, modelMap: { [OUR_MODEL]: UPSTREAM_MODEL }, timeoutMs: 2000 },
    logger,
  );
  return { engine, logger };
}

const embed = (engine: ReturnType<typeof setup>['engine'], sentences: string[], model = OUR_MODEL) =>
  engine.embed({ model, lang: 'multi', sentences }, callOptions());

/** The fake upstream's vector for a text, [length, first char code, 1], L2-normalized. */
function expected(text: string): number[] {
  const raw = [text.length, text.charCodeAt(0), 1];
  const norm = Math.hypot(...raw);
  return raw.map((value) => value / norm);
}

function expectVectors(actual: number[][], wanted: number[][]): void {
  expect(actual.map((vector) => vector.length)).toEqual(wanted.map((vector) => vector.length));
  actual.forEach((vector, i) => {
    vector.forEach((value, j) => {
      expect(value).toBeCloseTo(wanted[i]?.[j] ?? Number.NaN, 12);
    });
  });
}

describe('OpenAI embeddings adapter', () => {
  it('posts {model, input} to {url}/embeddings with the key and request id', async () => {
    await embed(setup(upstream.url, 'sk-emb').engine, ['hello', 'world']);
    const sent = upstream.only();
    expect(sent.url).toBe('/v1/embeddings');
    expect(sent.headers.authorization).toBe('Bearer sk-emb');
    expect(sent.headers['x-request-id']).toBe('req-test-1');
    expect(sent.body).toEqual({ model: UPSTREAM_MODEL, input: ['hello', 'world'] });
  });

  it('returns one L2-normalized vector per sentence in input order, though the upstream answers in reverse', async () => {
    const sentences = ['a', 'bb', 'ccc'];
    const vectors = await embed(setup().engine, sentences);
    expect(vectors).toHaveLength(3);
    expectVectors(vectors, sentences.map(expected));
  });

  it('splits 150 sentences into batches of 64, 64 and 22 and keeps the order across batches', async () => {
    const sentences = Array.from(
      { length: 150 },
      (_, i) => `${String.fromCharCode(0x4e00 + i)}${'x'.repeat(i)}`,
    );
    const vectors = await embed(setup().engine, sentences);
    const batches = upstream.received.map((request) => request.body.input as string[]);
    expect(batches.map((batch) => batch.length).sort((a, b) => b - a)).toEqual([64, 64, 22]);
    expect(batches.flat().sort()).toEqual([...sentences].sort());
    expectVectors(vectors, sentences.map(expected));
  });

  it("refuses to start when the map leaves out the contract's embeddings model", () => {
    const create = () =>
      createOpenAIEmbeddingEngine({ url: upstream.url, modelMap: {}, timeoutMs: 1000 }, recordingLogger());
    expect(create).toThrow(ConfigError);
    expect(create).toThrow(/EMBEDDINGS_MODEL_MAP must map svc-embeddings-v1-20241001/);
  });

  it('treats a model missing from the map as a configuration fault: 500, logged, upstream not called', async () => {
    const { engine, logger } = setup();
    const error = await rejection(embed(engine, ['x'], 'other-model'));
    expect(error.status).toBe(500);
    expect(logger.lines.some((line) => line.level === 'error' && line.obj.model === 'other-model')).toBe(
      true,
    );
    expect(upstream.received).toHaveLength(0);
  });

  it('maps upstream 429 (Retry-After), 4xx (classified) and 5xx (logged) as chat does, keeping the upstream wording out', async () => {
    upstream.handle((_request, res) => sendJson(res, 429, {}, { 'retry-after': '12' }));
    expect(await rejection(embed(setup().engine, ['x']))).toMatchObject({
      status: 429,
      details: { retryAfterSeconds: 12 },
    });

    upstream.handle((_request, res) =>
      sendJson(res, 400, {
        error: { message: 'input is too large to process. increase the physical batch size' },
      }),
    );
    const rejected = await rejection(embed(setup().engine, ['x']));
    expect(rejected.status).toBe(400);
    expect(rejected.details.issues).toEqual([
      { path: '/sentences', message: 'a sentence is longer than the model server can embed at once' },
    ]);

    upstream.handle((_request, res) => sendJson(res, 503, { error: { message: 'loading model' } }));
    const { engine, logger } = setup();
    expect((await rejection(embed(engine, ['x']))).status).toBe(500);
    expect(logger.lines.some((line) => line.level === 'error' && line.obj.status === 503)).toBe(true);
  });

  it('fails the whole request when one batch fails', async () => {
    upstream.handle((request, res) => {
      if ((request.body.input as string[]).includes('poison')) return sendJson(res, 500, {});
      sendJson(res, 200, {
        data: (request.body.input as string[]).map((_, index) => ({ index, embedding: [1, 0] })),
      });
    });
    const sentences = [...Array.from({ length: 100 }, (_, i) => `s${i}`), 'poison'];
    expect((await rejection(embed(setup().engine, sentences))).status).toBe(500);
  });

  it.each([
    ['too few vectors', { data: [{ index: 0, embedding: [1, 2] }] }],
    [
      'a repeated index',
      {
        data: [
          { index: 0, embedding: [1] },
          { index: 0, embedding: [1] },
        ],
      },
    ],
    [
      'a non-numeric vector',
      {
        data: [
          { index: 0, embedding: ['a'] },
          { index: 1, embedding: [1] },
        ],
      },
    ],
    [
      'vectors of different dimensions',
      {
        data: [
          { index: 0, embedding: [1, 2] },
          { index: 1, embedding: [1] },
        ],
      },
    ],
    ['no data array', { object: 'list' }],
  ])('maps an answer with %s to 500', async (_name, body) => {
    upstream.handle((_request, res) => sendJson(res, 200, body));
    expect((await rejection(embed(setup().engine, ['one', 'two']))).status).toBe(500);
  });

  it('maps a refused connection and a silent upstream to 500', async () => {
    expect((await rejection(embed(setup(await closedPortUrl()).engine, ['x']))).status).toBe(500);
    upstream.handle(() => {});
    const silent = createOpenAIEmbeddingEngine(
      { url: upstream.url, modelMap: { [OUR_MODEL]: 'm' }, timeoutMs: 200 },
      recordingLogger(),
    );
    expect((await rejection(embed(silent, ['x']))).status).toBe(500);
  });
});
