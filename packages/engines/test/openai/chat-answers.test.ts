import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chunk,
  completion,
  type FakeUpstream,
  sendJson,
  sendSse,
  startFakeUpstream,
} from '../../src/testing/index.js';
import type { ChatStreamEvent } from '../../src/types.js';
import { callOptions, chatEngineAt, chatRequest, collect, rejection } from './helpers.js';

let upstream: FakeUpstream;
beforeAll(async () => {
  upstream = await startFakeUpstream();
});
afterAll(() => upstream.close());

const engine = () => chatEngineAt(upstream.url).engine;

const text = (events: ChatStreamEvent[]) =>
  events.map((event) => (event.type === 'delta' ? event.content : '')).join('');

describe('OpenAI chat adapter: answers', () => {
  it('returns the upstream JSON answer with its finish_reason and matched_stop token id', async () => {
    upstream.handle((_request, res) =>
      sendJson(res, 200, completion('Your parcel ships tomorrow.', 'stop', { matched_stop: 128009 })),
    );
    await expect(engine().complete(chatRequest(), callOptions())).resolves.toEqual({
      content: 'Your parcel ships tomorrow.',
      finishReason: 'stop',
      matchedStop: 128009,
    });
  });

  it('streams the deltas in order, then exactly one end event', async () => {
    upstream.handle((_request, res) =>
      sendSse(res, [
        { ...chunk(undefined), choices: [{ index: 0, delta: { role: 'assistant' }, finish_reason: null }] },
        chunk('Your '),
        chunk('parcel '),
        chunk(''),
        chunk('ships.'),
        chunk(undefined, 'stop', { matched_stop: 2 }),
      ]),
    );
    const events = await collect(await engine().stream(chatRequest({ max_tokens: 10 }), callOptions()));
    expect(events).toEqual([
      { type: 'delta', content: 'Your ' },
      { type: 'delta', content: 'parcel ' },
      { type: 'delta', content: 'ships.' },
      { type: 'end', finishReason: 'stop', matchedStop: 2 },
    ]);
  });

  it('gives the same text streamed and not streamed from a model-like upstream', async () => {
    upstream.handle((request, res) => {
      const answer = 'One two three four.';
      if (!request.body.stream) return sendJson(res, 200, completion(answer, 'stop'));
      sendSse(res, [...answer.split(/(?<= )/).map((word) => chunk(word)), chunk(undefined, 'stop')]);
    });
    const whole = await engine().complete(chatRequest(), callOptions());
    const streamed = await collect(await engine().stream(chatRequest(), callOptions()));
    expect(text(streamed)).toBe(whole.content);
  });

  it('reassembles events and UTF-8 characters split across network writes, with CRLF line ends', async () => {
    const wire = Buffer.from(
      [chunk('Grüße, '), chunk('東京 🚀'), chunk(undefined, 'stop')]
        .map((event) => `data: ${JSON.stringify(event)}\r\n\r\n`)
        .join('')
        .concat('data: [DONE]\r\n\r\n'),
      'utf8',
    );
    upstream.handle(async (_request, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      // 7-byte pieces cut through multi-byte characters, JSON and line ends alike.
      for (let start = 0; start < wire.length; start += 7) {
        res.write(wire.subarray(start, start + 7));
        await new Promise((resolve) => setImmediate(resolve));
      }
      res.end();
    });
    const events = await collect(await engine().stream(chatRequest(), callOptions()));
    expect(text(events)).toBe('Grüße, 東京 🚀');
    expect(events.at(-1)).toEqual({ type: 'end', finishReason: 'stop', matchedStop: -1 });
  });

  it('accepts a final chunk that carries both content and finish_reason, and a usage chunk without choices', async () => {
    upstream.handle((_request, res) =>
      sendSse(res, [
        chunk('Hi'),
        chunk(' there', 'length'),
        { object: 'chat.completion.chunk', choices: [], usage: { total_tokens: 3 } },
      ]),
    );
    const events = await collect(await engine().stream(chatRequest(), callOptions()));
    expect(events).toEqual([
      { type: 'delta', content: 'Hi' },
      { type: 'delta', content: ' there' },
      { type: 'end', finishReason: 'length', matchedStop: -1 },
    ]);
  });

  it('serves a JSON answer to a stream request as a one-delta stream (servers that ignore stream)', async () => {
    upstream.handle((_request, res) =>
      sendJson(res, 200, completion('Plain JSON.', 'stop', { matched_stop: 7 })),
    );
    const events = await collect(await engine().stream(chatRequest(), callOptions()));
    expect(events).toEqual([
      { type: 'delta', content: 'Plain JSON.' },
      { type: 'end', finishReason: 'stop', matchedStop: 7 },
    ]);
  });

  it('answers an empty string when the upstream content is null, and a refusal as the text', async () => {
    upstream.handle((_request, res) => sendJson(res, 200, completion(null, 'stop')));
    expect((await engine().complete(chatRequest(), callOptions())).content).toBe('');
    upstream.handle((_request, res) => {
      const body = completion(null, 'stop');
      (body.choices[0]?.message as Record<string, unknown>).refusal = 'I cannot help with that.';
      sendJson(res, 200, body);
    });
    expect((await engine().complete(chatRequest(), callOptions())).content).toBe('I cannot help with that.');
  });
});

describe('OpenAI chat adapter: a whole answer read from the upstream stream', () => {
  it('joins the deltas of the stream it asked for into one answer, with its finish_reason', async () => {
    upstream.handle((_request, res) =>
      sendSse(res, [chunk('Your '), chunk('parcel '), chunk('ships.'), chunk(undefined, 'length')]),
    );
    await expect(engine().complete(chatRequest(), callOptions())).resolves.toEqual({
      content: 'Your parcel ships.',
      finishReason: 'length',
      matchedStop: -1,
    });
    expect(upstream.received.at(-1)?.body.stream).toBe(true);
  });

  it('gives up (500) on an upstream that streams past what max_tokens allows, and hangs up', async () => {
    upstream.handle(async (_request, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      // 2 tokens allow 128 characters; this upstream ignores max_tokens and never stops.
      while (!res.destroyed) {
        res.write(`data: ${JSON.stringify(chunk('x'.repeat(50)))}\n\n`);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    });
    const error = await rejection(engine().complete(chatRequest({ max_tokens: 2 }), callOptions()));
    expect(error.status).toBe(500);
    expect(await upstream.received.at(-1)?.hungUp).toBe(true);
  });
});

describe('OpenAI chat adapter: finish_reason and matched_stop mapping', () => {
  // [upstream finish_reason, upstream matched_stop (undefined = field absent), our finish, our matched_stop]
  const cases: [string | null, unknown, string, number][] = [
    ['stop', 128009, 'stop', 128009],
    ['stop', 0, 'stop', 0],
    ['stop', '</answer>', 'stop', -1],
    ['stop', null, 'stop', -1],
    ['stop', undefined, 'stop', -1],
    ['length', undefined, 'length', -1],
    ['length', 2, 'length', -1],
    ['content_filter', undefined, 'stop', -1],
    ['tool_calls', undefined, 'stop', -1],
    [null, undefined, 'stop', -1],
  ];

  it.each(cases)(
    'JSON: finish_reason %j with matched_stop %j → %s / %d',
    async (finish, matched, ourFinish, ourMatched) => {
      const extra = matched === undefined ? {} : { matched_stop: matched };
      upstream.handle((_request, res) => sendJson(res, 200, completion('x', finish, extra)));
      await expect(engine().complete(chatRequest(), callOptions())).resolves.toEqual({
        content: 'x',
        finishReason: ourFinish,
        matchedStop: ourMatched,
      });
    },
  );

  it.each(cases.filter(([finish]) => finish !== null))(
    'stream: finish_reason %j with matched_stop %j → %s / %d',
    async (finish, matched, ourFinish, ourMatched) => {
      const extra = matched === undefined ? {} : { matched_stop: matched };
      upstream.handle((_request, res) => sendSse(res, [chunk('x'), chunk(undefined, finish, extra)]));
      const events = await collect(await engine().stream(chatRequest(), callOptions()));
      expect(events.at(-1)).toEqual({ type: 'end', finishReason: ourFinish, matchedStop: ourMatched });
    },
  );

  it("reads vLLM's stop_reason like SGLang's matched_stop", async () => {
    upstream.handle((_request, res) => sendJson(res, 200, completion('x', 'stop', { stop_reason: 151645 })));
    expect((await engine().complete(chatRequest(), callOptions())).matchedStop).toBe(151645);
    upstream.handle((_request, res) =>
      sendSse(res, [chunk('x'), chunk(undefined, 'stop', { stop_reason: '###' })]),
    );
    const events = await collect(await engine().stream(chatRequest(), callOptions()));
    expect(events.at(-1)).toEqual({ type: 'end', finishReason: 'stop', matchedStop: -1 });
  });

  it('stream: a [DONE] without any finish_reason ends as stop / -1', async () => {
    upstream.handle((_request, res) => sendSse(res, [chunk('x')]));
    const events = await collect(await engine().stream(chatRequest(), callOptions()));
    expect(events).toEqual([
      { type: 'delta', content: 'x' },
      { type: 'end', finishReason: 'stop', matchedStop: -1 },
    ]);
  });
});
