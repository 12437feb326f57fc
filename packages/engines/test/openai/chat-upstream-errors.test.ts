import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeUpstream, sendJson, startFakeUpstream } from '../../src/testing/index.js';
import { callOptions, chatEngineAt, chatRequest, rejection } from './helpers.js';

let upstream: FakeUpstream;
beforeAll(async () => {
  upstream = await startFakeUpstream();
});
afterAll(() => upstream.close());

function setup() {
  return chatEngineAt(upstream.url);
}

const CONTEXT_ISSUE = {
  path: '/message',
  message: "the conversation is longer than the model's context window",
};
const IMAGES_ISSUE = { path: '/message/content', message: 'the model does not accept images' };
const UNREADABLE_IMAGE_ISSUE = {
  path: '/message/content',
  message: 'the model server could not read an image',
};
const WITH_IMAGE = chatRequest({
  message: {
    role: 'user',
    content: [
      { type: 'text', text: 'Is this the damaged item?' },
      { type: 'image_url', image_url: { url: 'data:image/png;base64,iVBORw0KGgo=' } },
    ],
  },
});

// Both entry points must fail the same way, and stream() before it hands out an iterable.
const calls = {
  complete: (engine: ReturnType<typeof setup>['engine'], request = chatRequest()) =>
    engine.complete(request, callOptions()),
  stream: (engine: ReturnType<typeof setup>['engine'], request = chatRequest()) =>
    engine.stream(request, callOptions()),
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
      'a context overflow (llama.cpp)',
      400,
      {
        error: {
          code: 400,
          message:
            'request (5000 tokens) exceeds the available context size (4096 tokens), try increasing it',
          type: 'exceed_context_size_error',
        },
      },
      CONTEXT_ISSUE,
    ],
    [
      'a context overflow (vLLM)',
      400,
      {
        object: 'error',
        message: "This model's maximum context length is 4096 tokens. However, you requested 4596 tokens.",
      },
      CONTEXT_ISSUE,
    ],
    [
      'a context overflow (OpenAI)',
      400,
      { error: { message: 'Please reduce the length of the messages.', code: 'context_length_exceeded' } },
      CONTEXT_ISSUE,
    ],
    [
      'images sent to a text-only model',
      400,
      { error: { message: 'Invalid content type. image_url is only supported by certain models.' } },
      IMAGES_ISSUE,
    ],
    [
      'a parameter it does not support, named',
      400,
      { error: { message: "Unsupported parameter: 'reasoning_effort' is not supported with this model." } },
      { path: '/reasoning/effort', message: 'a parameter is not supported by the model server' },
    ],
    [
      'a parameter it does not support, unnamed',
      422,
      { detail: 'Extra inputs are not permitted' },
      { path: '', message: 'a parameter is not supported by the model server' },
    ],
    [
      'anything else',
      400,
      { error: 'invalid request: messages[2] is malformed' },
      { path: '', message: 'the model server rejected the request' },
    ],
  ])(
    'maps an upstream 4xx for %s to a fixed 400, the reason logged only',
    async (_kind, status, body, issue) => {
      upstream.handle((_request, res) => sendJson(res, status, body));
      const { engine, logger } = setup();
      const error = await rejection(call(engine, WITH_IMAGE));
      expect(error.status).toBe(400);
      expect(error.details.issues).toEqual([issue]);
      const reason = JSON.stringify(body);
      expect(logger.lines).toContainEqual(
        expect.objectContaining({ level: 'warn', obj: expect.objectContaining({ status, body: reason }) }),
      );
    },
  );

  // llama-server answers these with a 500 (a C++ exception), though the client can fix them.
  it.each([
    [
      'images sent to a text-only model',
      'image input is not supported - hint: if this is unexpected, you may need to provide the mmproj',
      IMAGES_ISSUE,
    ],
    ['an image it cannot decode', 'Failed to load image or audio file', UNREADABLE_IMAGE_ISSUE],
    [
      'a prompt over the physical batch',
      'input is too large to process. increase the physical batch size',
      CONTEXT_ISSUE,
    ],
  ])('maps an upstream 500 for %s to a fixed 400, the reason logged only', async (_kind, message, issue) => {
    upstream.handle((_request, res) =>
      sendJson(res, 500, { error: { code: 500, message, type: 'server_error' } }),
    );
    const { engine, logger } = setup();
    const error = await rejection(call(engine, WITH_IMAGE));
    expect(error.status).toBe(400);
    expect(error.details.issues).toEqual([issue]);
    expect(`${error.message} ${JSON.stringify(error.details)}`).not.toContain(message);
    expect(logger.lines.some((line) => line.level === 'warn' && line.obj.status === 500)).toBe(true);
  });

  it('does not blame images for a 500 when the request carried none', async () => {
    upstream.handle((_request, res) =>
      sendJson(res, 500, { error: { code: 500, message: 'docker image llama:latest is gone' } }),
    );
    const error = await rejection(call(setup().engine));
    expect(error.status).toBe(500);
    expect(error.details.issues).toBeUndefined();
  });

  // The model server's own machinery failing: no change to the request would help the client.
  it.each([
    [
      'a grammar it could not build (llama.cpp)',
      400,
      { error: { code: 400, message: 'Failed to parse grammar', type: 'invalid_request_error' } },
    ],
    [
      'a grammar it could not build (Ollama)',
      400,
      { error: 'Failed to initialize samplers: failed to parse grammar' },
    ],
    [
      'its chat template refusing the turns',
      400,
      { error: 'Jinja template error: Conversation roles must alternate user/assistant/user/assistant/...' },
    ],
    ['running out of memory', 400, { error: { message: 'CUDA error: out of memory' } }],
  ])('maps an upstream 4xx for %s to 500, the reason logged only', async (_kind, status, body) => {
    upstream.handle((_request, res) => sendJson(res, status, body));
    const { engine, logger } = setup();
    const error = await rejection(call(engine, WITH_IMAGE));
    expect(error.status).toBe(500);
    expect(error.details.issues).toBeUndefined();
    expect(logger.lines).toContainEqual(
      expect.objectContaining({
        level: 'error',
        obj: expect.objectContaining({ status, body: JSON.stringify(body) }),
      }),
    );
  });

  it('answers a fixed 400 for a 4xx whose body gives no reason', async () => {
    upstream.handle((_request, res) => {
      res.writeHead(413, { 'content-type': 'text/html' });
      res.end('<html>too large</html>');
    });
    const error = await rejection(call(setup().engine));
    expect(error.status).toBe(400);
    expect(error.details.issues).toEqual([{ path: '', message: 'the model server rejected the request' }]);
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

  it.each([
    [401, { error: { message: 'Incorrect API key provided: sk-abc' } }],
    [403, { error: { message: 'key sk-abc may not use llama3.2:3b' } }],
    [404, { error: { message: 'model "llama3.2:3b" not found, try pulling it first' } }],
    [405, { detail: 'Method Not Allowed at /srv/v1/chat/completions' }],
    [501, { error: { message: 'chat completions not implemented by sk-abc llama3.2:3b' } }],
  ])(
    'maps an upstream %d (the operator must fix it) to 500, detail only in the log',
    async (status, body) => {
      upstream.handle((_request, res) => sendJson(res, status, body));
      const { engine, logger } = setup();
      const error = await rejection(call(engine));
      expect(error.status).toBe(500);
      expect(error.details.issues).toBeUndefined();
      expect(`${error.message} ${JSON.stringify(error.details)}`).not.toMatch(/sk-abc|llama3|srv/);
      expect(logger.lines.some((line) => line.level === 'error' && line.obj.status === status)).toBe(true);
    },
  );
});
