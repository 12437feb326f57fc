import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseRetryAfter } from '../../../src/engines/openai/upstream-errors.js';
import { type FakeUpstream, sendJson, startFakeUpstream } from './fake-upstream.js';
import { callOptions, chatEngineAt, chatRequest, rejection } from './helpers.js';

let upstream: FakeUpstream;
beforeAll(async () => {
  upstream = await startFakeUpstream();
});
afterAll(() => upstream.close());

function setup() {
  return chatEngineAt(upstream.url);
}

// Both entry points must fail the same way, and stream() before it hands out an iterable.
const calls = {
  complete: (engine: ReturnType<typeof setup>['engine']) => engine.complete(chatRequest(), callOptions()),
  stream: (engine: ReturnType<typeof setup>['engine']) => engine.stream(chatRequest({}), callOptions()),
};

describe.each(Object.entries(calls))('OpenAI chat adapter: upstream HTTP errors (%s)', (_name, call) => {
  it('maps an upstream 429 to 429 with its Retry-After seconds', async () => {
    upstream.handle((_request, res) =>
      sendJson(res, 429, { error: { message: 'slow down' } }, { 'retry-after': '7' }),
    );
    const error = await rejection(call(setup().engine));
    expect(error.status).toBe(429);
    expect(error.details.retryAfterSeconds).toBe(7);
  });

  it('turns a Retry-After HTTP date into seconds from now', async () => {
    const inTwoMinutes = new Date(Date.now() + 120_000).toUTCString();
    upstream.handle((_request, res) => sendJson(res, 429, {}, { 'retry-after': inTwoMinutes }));
    const error = await rejection(call(setup().engine));
    expect(error.status).toBe(429);
    expect(error.details.retryAfterSeconds).toBeGreaterThan(100);
    expect(error.details.retryAfterSeconds).toBeLessThanOrEqual(120);
  });

  it('still asks the client to wait when the upstream 429 has no Retry-After', async () => {
    upstream.handle((_request, res) => sendJson(res, 429, {}));
    const error = await rejection(call(setup().engine));
    expect(error.status).toBe(429);
    expect(error.details.retryAfterSeconds).toBe(1);
  });

  it.each([
    [
      400,
      { error: { message: "model 'llama9' not found", type: 'invalid_request_error' } },
      "model 'llama9' not found",
    ],
    [
      404,
      { object: 'error', message: 'The model `x` does not exist.', code: 404 },
      'The model `x` does not exist.',
    ],
    [422, { detail: 'messages: field required' }, 'messages: field required'],
    [400, { error: 'context window exceeded' }, 'context window exceeded'],
  ])('maps an upstream %d to 400 carrying the upstream reason', async (status, body, reason) => {
    upstream.handle((_request, res) => sendJson(res, status, body));
    const error = await rejection(call(setup().engine));
    expect(error.status).toBe(400);
    expect(error.details.issues).toEqual([{ path: '/upstream', message: reason }]);
  });

  it('says which status a 4xx had when its body gives no reason', async () => {
    upstream.handle((_request, res) => {
      res.writeHead(413, { 'content-type': 'text/html' });
      res.end('<html>too large</html>');
    });
    const error = await rejection(call(setup().engine));
    expect(error.status).toBe(400);
    expect(error.details.issues?.[0]?.message).toContain('413');
  });

  it.each([500, 502, 503])(
    'maps an upstream %d to 500, logs it and keeps its body out of the message',
    async (status) => {
      upstream.handle((_request, res) =>
        sendJson(res, status, { error: { message: 'CUDA out of memory at /srv/gpu0' } }),
      );
      const { engine, logger } = setup();
      const error = await rejection(call(engine));
      expect(error.status).toBe(500);
      expect(error.message).not.toContain('CUDA');
      expect(error.details.issues).toBeUndefined();
      expect(logger.lines).toContainEqual(
        expect.objectContaining({
          level: 'error',
          obj: expect.objectContaining({ status, requestId: 'req-test-1' }),
        }),
      );
    },
  );

  it('maps an upstream 401 (our own key is wrong) to 500, not to a client error', async () => {
    upstream.handle((_request, res) =>
      sendJson(res, 401, { error: { message: 'Incorrect API key provided: sk-abc' } }),
    );
    const { engine, logger } = setup();
    const error = await rejection(call(engine));
    expect(error.status).toBe(500);
    expect(JSON.stringify(error.details)).not.toContain('sk-abc');
    expect(logger.lines.some((line) => line.level === 'error' && line.obj.status === 401)).toBe(true);
  });
});

describe('parseRetryAfter', () => {
  const now = Date.parse('2026-01-01T00:00:00Z');
  it.each([
    ['30', 30],
    [' 5 ', 5],
    ['1.5', 2],
    ['Thu, 01 Jan 2026 00:00:45 GMT', 45],
    ['Wed, 31 Dec 2025 23:59:00 GMT', 0],
    ['soon', undefined],
    [null, undefined],
  ])('reads %j as %j seconds', (value, seconds) => {
    expect(parseRetryAfter(value, now)).toBe(seconds);
  });
});
