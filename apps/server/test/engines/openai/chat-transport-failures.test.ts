import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chunk, closedPortUrl, type FakeUpstream, startFakeUpstream } from './fake-upstream.js';
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

function setup(url = upstream.url, timeoutMs = 200) {
  return chatEngineAt(url, { timeoutMs });
}

const loggedError = (logger: ReturnType<typeof recordingLogger>) =>
  logger.lines.some((line) => line.level === 'error');

describe('OpenAI chat adapter: an upstream that never answers, or cannot be reached', () => {
  it('gives up after the timeout on a JSON request (500, logged) and hangs up', async () => {
    upstream.handle(() => {}); // never answers
    const { engine, logger } = setup();
    const error = await rejection(engine.complete(chatRequest(), callOptions()));
    expect(error.status).toBe(500);
    expect(loggedError(logger)).toBe(true);
    expect(await upstream.received.at(-1)?.hungUp).toBe(true);
  });

  it('gives up after the timeout when a stream request gets no headers, before returning the stream', async () => {
    upstream.handle(() => {});
    const error = await rejection(setup().engine.stream(chatRequest(), callOptions()));
    expect(error.status).toBe(500);
  });

  it('ends a stream that stalls mid-answer with an error, after the deltas it got', async () => {
    upstream.handle((_request, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(`data: ${JSON.stringify(chunk('Hello'))}\n\n`); // then silence
    });
    const { engine, logger } = setup();
    const seen: string[] = [];
    const error = await rejection(
      (async () => {
        for await (const event of await engine.stream(chatRequest(), callOptions())) seen.push(event.type);
      })(),
    );
    expect(seen).toEqual(['delta']);
    expect(error.status).toBe(500);
    expect(loggedError(logger)).toBe(true);
    expect(await upstream.received.at(-1)?.hungUp).toBe(true);
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
    const { engine, logger } = setup(upstream.url, 2000);
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
