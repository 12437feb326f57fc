import { describe, expect, it } from 'vitest';
import { expectMatchesContract } from '../helpers/contract.js';
import { auth, TEST_TOKENS, testChatBody } from '../helpers/fixtures.js';
import { useTestApp } from '../helpers/test-app.js';

// One worker with a short budget: an over-budget task terminates the only thread there is.
const app = useTestApp({
  ENGINE_WORKERS: '1',
  ENGINE_TASK_TIMEOUT_MS: '1500',
  ENGINE_WORKER_MEMORY_MB: '128',
});
const chat = (extra: Record<string, unknown>) =>
  app().inject({
    method: 'POST',
    url: '/v1/agents/chat/request',
    headers: { ...auth(TEST_TOKENS.all), 'content-type': 'application/json' },
    payload: testChatBody(extra),
  });
const withSchema = (schema: unknown) =>
  chat({ response_format: { type: 'json_schema', json_schema: { name: 'x', schema } } });

describe('engine work on worker threads, under a budget', () => {
  it('answers 400 naming the schema when generating it goes over the time budget, and stays responsive', async () => {
    // Backtracks exponentially: only a worker ever runs it, and its thread is terminated.
    const pending = withSchema({ type: 'string', pattern: '^(a+)+$', const: `${'a'.repeat(40)}!` });
    const health = await app().inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);
    const res = await pending;
    expect(res.statusCode).toBe(400);
    expectMatchesContract('chatRequest', 400, res.json());
    expect(res.json().errors).toEqual([
      { path: '/response_format/json_schema/schema', message: expect.stringMatching(/too costly/) },
    ]);
    // The terminated worker was replaced: the next chat is answered.
    const next = await chat({});
    expect(next.statusCode).toBe(200);
    expectMatchesContract('chatRequest', 200, next.json());
  });

  it('answers 400 naming the schema when generating it goes over the memory or time budget', async () => {
    const res = await withSchema({ type: 'string', pattern: '^a{50000000}$' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].path).toMatch(/^\/response_format\/json_schema\/schema/);
    expect((await chat({})).statusCode).toBe(200);
  });
});

describe('engine work with a tiny budget', () => {
  const tiny = useTestApp({ ENGINE_WORKERS: '1', ENGINE_TASK_TIMEOUT_MS: '500' });
  it('answers 500 when work that no schema drove goes over budget', async () => {
    // 256 long texts of CJK characters: seconds of segmentation, far over a 500 ms budget.
    const sentences = Array.from({ length: 256 }, (_, i) => '测试句子包含很多汉字'.repeat(800) + i);
    const res = await tiny().inject({
      method: 'POST',
      url: '/v1/vectors/embedding',
      headers: { ...auth(TEST_TOKENS.all), 'content-type': 'application/json' },
      payload: { sentences },
    });
    expect(res.statusCode).toBe(500);
    expectMatchesContract('createEmbeddings', 500, res.json());
    const small = await tiny().inject({
      method: 'POST',
      url: '/v1/vectors/embedding',
      headers: { ...auth(TEST_TOKENS.all), 'content-type': 'application/json' },
      payload: { sentences: ['hello'] },
    });
    expect(small.statusCode).toBe(200);
  });
});
