/**
 * The faults that only show over a real connection: `reset` closes it without an answer, and a
 * streamed chat's `ttft`, `tps` and `disconnect-after` shape its events. Times are asserted as lower
 * bounds only (a loaded machine can only make them later).
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, TEST_TOKENS, testChatBody } from '../helpers/fixtures.js';
import { buildTestApp } from '../helpers/test-app.js';

let app: FastifyInstance;
let origin: string;

beforeAll(async () => {
  app = await buildTestApp({ RATE_LIMIT_MAX: '100000' });
  origin = await app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => app.close());

const chat = (prefer: string, stream = true) =>
  fetch(`${origin}/v1/agents/chat/request`, {
    method: 'POST',
    headers: { ...auth(TEST_TOKENS.all), 'content-type': 'application/json', prefer },
    body: JSON.stringify(testChatBody({ stream })),
  });

/** The stream's text as it arrived, when each chunk arrived, and how reading it ended. */
async function read(response: Response) {
  const decoder = new TextDecoder();
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const started = performance.now();
  const arrivals: number[] = [];
  let text = '';
  let failed = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      arrivals.push(performance.now() - started);
      text += decoder.decode(value, { stream: true });
    }
  } catch {
    failed = true;
  }
  const events = text.split('\n\n').filter((event) => event.trim() !== '');
  return { text, events, arrivals, failed };
}

describe('connection faults', () => {
  it('reset closes the connection without an answer, and the server goes on answering', async () => {
    await expect(
      fetch(`${origin}/v1/agents/view/1`, { headers: { ...auth(TEST_TOKENS.all), prefer: 'reset' } }),
    ).rejects.toThrow();
    const next = await fetch(`${origin}/v1/agents/view/1`, { headers: auth(TEST_TOKENS.all) });
    expect(next.status).toBe(200);
  });

  it('disconnect-after=N cuts a streamed chat after N events: no final chunk, no [DONE], no error event', async () => {
    const response = await chat('disconnect-after=2');
    expect(response.status).toBe(200);
    const { events, text, failed } = await read(response);
    expect(events).toHaveLength(2);
    expect(events.every((event) => event.startsWith('data: {'))).toBe(true);
    expect(text).not.toContain('[DONE]');
    expect(text).not.toContain('event: error');
    expect(failed).toBe(true);
  });

  it('an uncut stream of the same chat ends with [DONE]', async () => {
    const { text, failed } = await read(await chat('return=minimal'));
    expect(text.trimEnd().endsWith('data: [DONE]')).toBe(true);
    expect(failed).toBe(false);
  });
});

describe('stream timing', () => {
  it('ttft delays the first event', async () => {
    const started = performance.now();
    const response = await chat('ttft=400');
    const { arrivals, text } = await read(response);
    expect(text).toContain('[DONE]');
    expect(performance.now() - started).toBeGreaterThanOrEqual(395);
    expect(arrivals.length).toBeGreaterThan(0);
  });

  it('tps paces the events', async () => {
    const started = performance.now();
    const { events } = await read(await chat('tps=50'));
    // n events at 50 a second take at least (n - 1) × 20 ms.
    expect(events.length).toBeGreaterThan(3);
    expect(performance.now() - started).toBeGreaterThanOrEqual((events.length - 1) * 20 - 5);
  });

  it('stream timing is ignored by a chat answered whole', async () => {
    const response = await chat('disconnect-after=0, ttft=100', false);
    expect(response.status).toBe(200);
    expect(((await response.json()) as { success: boolean }).success).toBe(true);
  });
});
