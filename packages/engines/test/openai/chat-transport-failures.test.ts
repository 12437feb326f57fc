import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chunk,
  closedPortUrl,
  type FakeUpstream,
  type ReceivedRequest,
  startFakeUpstream,
} from '../../src/testing/index.js';
import {
  callOptions,
  chatEngineAt,
  chatRequest,
  collect,
  type recordingLogger,
  rejection,
} from './helpers.js';

let upstream: FakeUpstream;
beforeAll(async () => {
  upstream = await startFakeUpstream();
});
afterAll(() => upstream.close());

/**
 * Tests that are not about the timeout get one no loaded machine reaches. The timeout tests use
 * TIMEOUT_MS: long enough that the request surely reached the upstream first, and they assert
 * what happened (timed out, hung up), not how long it took.
 */
function setup(url = upstream.url, timeoutMs = 10_000) {
  return chatEngineAt(url, { timeoutMs });
}
const TIMEOUT_MS = 2000;

const loggedError = (logger: ReturnType<typeof recordingLogger>) =>
  logger.lines.some((line) => line.level === 'error');
const loggedTimeout = (logger: ReturnType<typeof recordingLogger>) =>
  logger.lines.some((line) => line.level === 'error' && line.msg === 'chat upstream timed out');

/** Plays `handler`'s silence and hands back the request it got, so no other test's request is read. */
function silentUpstream(
  answer: (res: Parameters<Parameters<FakeUpstream['handle']>[0]>[1]) => void = () => {},
) {
  const seen: ReceivedRequest[] = [];
  upstream.handle((request, res) => {
    seen.push(request);
    answer(res);
  });
  return seen;
}

// Each test here waits out TIMEOUT_MS; the test's own limit leaves room for a loaded machine.
describe('OpenAI chat adapter: an upstream that never answers, or cannot be reached', {
  timeout: 60_000,
}, () => {
  it('gives up after the timeout on a JSON request (500, logged) and hangs up', async () => {
    const seen = silentUpstream();
    const { engine, logger } = setup(upstream.url, TIMEOUT_MS);
    const error = await rejection(engine.complete(chatRequest(), callOptions()));
    expect(error.status).toBe(500);
    expect(loggedTimeout(logger)).toBe(true);
    expect(seen).toHaveLength(1);
    expect(await seen[0]?.hungUp).toBe(true);
  });

  it('gives up after the timeout when a stream request gets no headers, before returning the stream', async () => {
    const seen = silentUpstream();
    const { engine, logger } = setup(upstream.url, TIMEOUT_MS);
    const error = await rejection(engine.stream(chatRequest(), callOptions()));
    expect(error.status).toBe(500);
    expect(loggedTimeout(logger)).toBe(true);
    expect(await seen[0]?.hungUp).toBe(true);
  });

  it('ends a stream that stalls mid-answer with an error, after the deltas it got', async () => {
    const seen = silentUpstream((res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(`data: ${JSON.stringify(chunk('Hello'))}\n\n`); // then silence
    });
    const { engine, logger } = setup(upstream.url, TIMEOUT_MS);
    const seenEvents: string[] = [];
    const error = await rejection(
      (async () => {
        for await (const event of await engine.stream(chatRequest(), callOptions()))
          seenEvents.push(event.type);
      })(),
    );
    expect(seenEvents).toEqual(['delta']);
    expect(error.status).toBe(500);
    expect(loggedTimeout(logger)).toBe(true);
    expect(await seen[0]?.hungUp).toBe(true);
  });

  it('times out a stream that only sends SSE comments: keep-alives are not progress', async () => {
    const seen = silentUpstream((res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(`data: ${JSON.stringify(chunk('Hello'))}\n\n`);
      const keepAlive = setInterval(() => res.write(': ping\n\n'), 200);
      res.on('close', () => clearInterval(keepAlive));
    });
    const { engine, logger } = setup(upstream.url, TIMEOUT_MS);
    const error = await rejection(engine.stream(chatRequest(), callOptions()).then(collect));
    expect(error.status).toBe(500);
    expect(loggedTimeout(logger)).toBe(true);
    expect(await seen[0]?.hungUp).toBe(true);
  });

  it('maps a refused connection to 500 and logs the cause', async () => {
    const { engine, logger } = setup(await closedPortUrl());
    const error = await rejection(engine.complete(chatRequest(), callOptions()));
    expect(error.status).toBe(500);
    expect(logger.lines).toContainEqual(
      expect.objectContaining({ level: 'error', obj: expect.objectContaining({ cause: 'ECONNREFUSED' }) }),
    );
    expect((await rejection(engine.stream(chatRequest(), callOptions()))).status).toBe(500);
  });
});

describe('OpenAI chat adapter: answers it cannot read', () => {
  const sse = (raw: string) =>
    upstream.handle((_request, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.end(raw);
    });
  const streamError = async () => {
    const { engine, logger } = setup();
    const error = await rejection(engine.stream(chatRequest(), callOptions()).then(collect));
    return { error, logger };
  };

  it('maps a 200 whose body is not JSON to 500', async () => {
    upstream.handle((_request, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"choices": [');
    });
    const { engine, logger } = setup();
    expect((await rejection(engine.complete(chatRequest(), callOptions()))).status).toBe(500);
    expect(loggedError(logger)).toBe(true);
  });

  it('maps JSON without choices to 500', async () => {
    upstream.handle((_request, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"object":"chat.completion"}');
    });
    expect((await rejection(setup().engine.complete(chatRequest(), callOptions()))).status).toBe(500);
  });

  it.each([
    [
      'an event whose data is not JSON',
      `data: ${JSON.stringify(chunk('a'))}\n\ndata: {not json\n\ndata: [DONE]\n\n`,
    ],
    ['a line that is not SSE', `data: ${JSON.stringify(chunk('a'))}\n\n<html>gateway error</html>\n\n`],
    ['a body that ends before finish_reason or [DONE]', `data: ${JSON.stringify(chunk('a'))}\n\n`],
    [
      'an error event mid-stream',
      `data: ${JSON.stringify(chunk('a'))}\n\ndata: {"error":{"message":"engine died"}}\n\n`,
    ],
  ])('ends the stream with a 500 on %s', async (_name, raw) => {
    sse(raw);
    const { error, logger } = await streamError();
    expect(error.status).toBe(500);
    expect(error.message).not.toContain('engine died');
    expect(loggedError(logger)).toBe(true);
  });
});

describe("OpenAI chat adapter: an error reported as the stream's first event", { timeout: 60_000 }, () => {
  const context = {
    code: 400,
    message: 'request (5000 tokens) exceeds the available context size (4096 tokens), try increasing it',
    type: 'exceed_context_size_error',
  };
  it.each([
    ['an error object', `data: ${JSON.stringify({ error: context })}\n\n`],
    ['an error event', `event: error\ndata: ${JSON.stringify(context)}\n\n`],
    ["older llama.cpp's error line", `error: ${JSON.stringify(context)}\n\n`],
  ])('is judged like an error body (%s): a 400 before the stream is handed out', async (_name, raw) => {
    upstream.handle((_request, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.end(raw);
    });
    const { engine, logger } = setup();
    for (const call of [
      engine.stream(chatRequest(), callOptions()),
      engine.complete(chatRequest(), callOptions()),
    ]) {
      const error = await rejection(call);
      expect(error.status).toBe(400);
      expect(error.details.issues).toEqual([
        { path: '/message', message: "the conversation is longer than the model's context window" },
      ]);
    }
    expect(logger.lines.some((line) => line.level === 'warn' && line.obj.inStream === true)).toBe(true);
  });

  it("is the upstream's failure (500) when it says nothing the client can act on", async () => {
    upstream.handle((_request, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.end('data: {"error":{"message":"CUDA error at /srv/ggml.c"}}\n\n');
    });
    const error = await rejection(setup().engine.stream(chatRequest(), callOptions()));
    expect(error.status).toBe(500);
    expect(error.message).not.toContain('CUDA');
  });
});

describe('OpenAI chat adapter: a stream that fails after it started', () => {
  const hello = `data: ${JSON.stringify(chunk('Hello'))}\n\n`;
  /** The events the iterator yielded before it threw, and what it threw. */
  const streamFailure = async () => {
    const { engine, logger } = setup();
    const events: unknown[] = [];
    const error = await rejection(
      (async () => {
        for await (const event of await engine.stream(chatRequest(), callOptions())) events.push(event);
      })(),
    );
    return { events, error, logger };
  };

  it.each([
    [
      'the upstream dies (socket destroyed)',
      (res: Parameters<Parameters<FakeUpstream['handle']>[0]>[1]) => {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.write(hello, () => setImmediate(() => res.socket?.destroy()));
      },
    ],
    [
      'an SSE error event (event: error)',
      (res: Parameters<Parameters<FakeUpstream['handle']>[0]>[1]) => {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.end(`${hello}event: error\ndata: {"message":"CUDA error at /srv/ggml.c"}\n\ndata: [DONE]\n\n`);
      },
    ],
    [
      "llama.cpp's error line",
      (res: Parameters<Parameters<FakeUpstream['handle']>[0]>[1]) => {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.end(
          `${hello}error: {"code":500,"message":"CUDA error at /srv/ggml.c","type":"server_error"}\n\n`,
        );
      },
    ],
    [
      'an error object after the finish_reason',
      (res: Parameters<Parameters<FakeUpstream['handle']>[0]>[1]) => {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        const finished = `data: ${JSON.stringify(chunk(undefined, 'stop'))}\n\n`;
        res.end(
          `${hello}${finished}data: {"error":{"message":"CUDA error at /srv/ggml.c"}}\n\ndata: [DONE]\n\n`,
        );
      },
    ],
  ])(
    'throws a 500 from the iterator after the deltas it got when %s, never a quiet end',
    async (_name, play) => {
      upstream.handle((_request, res) => play(res));
      const { events, error, logger } = await streamFailure();
      expect(events).toEqual([{ type: 'delta', content: 'Hello' }]);
      expect(error.status).toBe(500);
      expect(`${error.message} ${JSON.stringify(error.details.issues ?? [])}`).not.toMatch(/CUDA|srv/);
      expect(loggedError(logger)).toBe(true);
    },
  );
});

describe('OpenAI chat adapter: the caller going away', () => {
  it('aborts the upstream request when the caller aborts a JSON request', async () => {
    upstream.handle(() => {});
    const caller = new AbortController();
    const before = upstream.received.length;
    const pending = setup(upstream.url, 10_000).engine.complete(chatRequest(), callOptions(caller.signal));
    await waitForRequests(before + 1);
    caller.abort();
    expect((await rejection(pending)).status).toBe(500);
    expect(await upstream.received.at(-1)?.hungUp).toBe(true);
  });

  it('aborts the upstream stream when the caller aborts mid-stream', async () => {
    upstream.handle((_request, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(`data: ${JSON.stringify(chunk('Hello'))}\n\n`);
    });
    const caller = new AbortController();
    const stream = await setup(upstream.url, 10_000).engine.stream(chatRequest(), callOptions(caller.signal));
    const iterator = stream[Symbol.asyncIterator]();
    expect(await iterator.next()).toEqual({ done: false, value: { type: 'delta', content: 'Hello' } });
    caller.abort();
    expect((await rejection(iterator.next())).status).toBe(500);
    expect(await upstream.received.at(-1)?.hungUp).toBe(true);
  });

  it('closes the upstream connection when the consumer stops reading early', async () => {
    upstream.handle((_request, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(`data: ${JSON.stringify(chunk('Hello'))}\n\n`);
    });
    const stream = await setup(upstream.url, 10_000).engine.stream(chatRequest(), callOptions());
    for await (const event of stream) {
      expect(event).toEqual({ type: 'delta', content: 'Hello' });
      break;
    }
    expect(await upstream.received.at(-1)?.hungUp).toBe(true);
  });
});

/** Resolves once the upstream has received `count` requests in all (the adapter's POST arrived). */
async function waitForRequests(count: number): Promise<void> {
  while (upstream.received.length < count) await new Promise((resolve) => setTimeout(resolve, 5));
}
