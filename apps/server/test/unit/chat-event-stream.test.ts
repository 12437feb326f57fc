/**
 * How a chat's events leave: together when the engine has them at hand (or planned them all), each
 * as it comes when the engine waits between them, and the engine told to stop when the client goes.
 */
import type { Readable } from 'node:stream';
import type { ChatEventStream, ChatStreamEvent } from '@assistant-platform/engines/types';
import { ContractValidator } from '@assistant-platform/types/validation';
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { eventStreamBody, ONE_WRITE_BYTES, toEventStream } from '../../src/operations/chat-event-stream.js';

const meta = { created: 1742292000, model: 'svc-v1-blaze-20250318' };
const quiet = () => undefined;
const log = { info: quiet, error: quiet } as unknown as FastifyBaseLogger;

async function* atHand(): AsyncGenerator<ChatStreamEvent> {
  yield { type: 'delta', content: 'Your parcel ' };
  yield { type: 'delta', content: 'left "the depot".' };
  yield { type: 'end', finishReason: 'stop', matchedStop: 199999 };
}

/** A planned answer: its events all known (`planned`), never iterated one by one. */
function planned(events: ChatStreamEvent[]): ChatEventStream {
  return {
    planned: events,
    [Symbol.asyncIterator]: () => {
      throw new Error('a planned answer is not iterated');
    },
  };
}

const chunksOf = async (stream: AsyncIterable<unknown>) => {
  const chunks: string[] = [];
  for await (const chunk of stream) chunks.push(String(chunk));
  return chunks;
};

describe('a chat stream’s events', () => {
  it('are the contract’s chunks, byte for byte what the chunk objects serialize to, and leave together when at hand', async () => {
    const chunks = await chunksOf(toEventStream(atHand(), meta, log, new AbortController().signal));
    expect(chunks).toHaveLength(1);
    const events = chunks.join('').split('\n\n').slice(0, -1);
    const chunk = (request: unknown) =>
      `data: ${JSON.stringify({ object: 'chat.request.chunk', ...meta, request: [request] })}`;
    expect(events).toEqual([
      chunk({
        index: 0,
        delta: { role: 'assistant', content: 'Your parcel ' },
        finish_reason: null,
        matched_stop: null,
      }),
      chunk({ index: 0, delta: { content: 'left "the depot".' }, finish_reason: null, matched_stop: null }),
      chunk({ index: 0, delta: {}, finish_reason: 'stop', matched_stop: 199999 }),
      'data: [DONE]',
    ]);
    const contract = new ContractValidator();
    for (const event of events.slice(0, -1))
      expect(contract.check('ChatStreamChunk', JSON.parse(event.slice('data: '.length))).issues).toEqual([]);
  });

  it('are the same bytes from a planned answer, written at once without iterating its events', async () => {
    const events: ChatStreamEvent[] = [];
    for await (const event of atHand()) events.push(event);
    const signal = new AbortController().signal;
    const fromPlan = await chunksOf(toEventStream(planned(events), meta, log, signal));
    expect(fromPlan).toHaveLength(1);
    expect(fromPlan).toEqual(await chunksOf(toEventStream(atHand(), meta, log, signal)));
  });

  it('are the same bytes from a planned answer whatever the text: accents, emoji, quotes, controls, a lone surrogate', async () => {
    const events: ChatStreamEvent[] = [
      { type: 'delta', content: 'Grüße aus Köln, ' },
      { type: 'delta', content: '東京 🌍 "quoted" \\ back\nslash\t' },
      { type: 'delta', content: 'half a pair: \ud800 and <|endoftext|>' },
      { type: 'end', finishReason: 'length', matchedStop: 199999 },
    ];
    async function* oneByOne(): AsyncGenerator<ChatStreamEvent> {
      yield* events;
    }
    const signal = new AbortController().signal;
    const fromPlan = (await chunksOf(toEventStream(planned(events), meta, log, signal))).join('');
    const fromEvents = (await chunksOf(toEventStream(oneByOne(), meta, log, signal))).join('');
    expect(fromPlan).toBe(fromEvents);
    const data = fromPlan
      .split('\n\n')
      .slice(0, -2)
      .map((event) => JSON.parse(event.slice('data: '.length)));
    expect(data.map((chunk) => chunk.request[0].delta.content ?? null)).toEqual([
      'Grüße aus Köln, ',
      '東京 🌍 "quoted" \\ back\nslash\t',
      'half a pair: \ud800 and <|endoftext|>',
      null,
    ]);
  });

  it('of a long planned answer leave in whole events, one buffer at a time as the reader takes them', async () => {
    const events: ChatStreamEvent[] = Array.from({ length: 20_000 }, (_, i) => ({
      type: 'delta' as const,
      content: `token ${i} `,
    }));
    events.push({ type: 'end', finishReason: 'length', matchedStop: 199999 });
    const stream = toEventStream(planned(events), meta, log, new AbortController().signal);
    await new Promise((resolve) => stream.once('readable', resolve));
    for (let turn = 0; turn < 20; turn++) await new Promise((resolve) => setImmediate(resolve));
    // Nothing read yet: what waits for the reader is one buffer, not the whole answer as text.
    expect(stream.readableLength).toBeGreaterThan(0);
    expect(stream.readableLength).toBeLessThanOrEqual(stream.readableHighWaterMark + 200);
    const chunks = await chunksOf(stream);
    expect(chunks.length).toBeGreaterThan(10);
    for (const chunk of chunks) expect(chunk.endsWith('\n\n')).toBe(true);
    const texts = chunks.join('').split('\n\n').slice(0, -1);
    expect(texts).toHaveLength(20_002);
    expect(texts[19_999]).toContain('"content":"token 19999 "');
    expect(texts.at(-1)).toBe('data: [DONE]');
  });

  it('of a paced planned answer still leave one by one, as the fault paces them', async () => {
    let iterated = 0;
    const events: ChatStreamEvent[] = [
      { type: 'delta', content: 'Paced' },
      { type: 'end', finishReason: 'stop', matchedStop: 199999 },
    ];
    const paced: ChatEventStream = {
      planned: events,
      async *[Symbol.asyncIterator]() {
        for (const event of events) {
          iterated++;
          yield event;
        }
      },
    };
    const signal = new AbortController().signal;
    const chunks = await chunksOf(toEventStream(paced, meta, log, signal, { disconnectAfter: 5 }));
    expect(iterated).toBe(2);
    expect(chunks.join('')).toContain('"content":"Paced"');
  });

  it('leave one by one when the engine waits between them: the first is not held for the next', async () => {
    let release: () => void = () => undefined;
    const second = new Promise<void>((resolve) => {
      release = resolve;
    });
    async function* waiting(): AsyncGenerator<ChatStreamEvent> {
      yield { type: 'delta', content: 'First' };
      await second;
      yield { type: 'delta', content: ' second' };
      yield { type: 'end', finishReason: 'stop', matchedStop: 199999 };
    }
    const stream = toEventStream(waiting(), meta, log, new AbortController().signal);
    const first = await new Promise<string>((resolve) =>
      stream.once('data', (chunk) => resolve(String(chunk))),
    );
    expect(first).toContain('"content":"First"');
    expect(first).not.toContain('second');
    release();
    const rest = (await chunksOf(stream)).join('');
    expect(rest).toContain('"content":" second"');
    expect(rest.endsWith('data: [DONE]\n\n')).toBe(true);
  });

  it('are read from the engine only as far as the reader takes them: one buffer at a time', async () => {
    let given = 0;
    async function* long(): AsyncGenerator<ChatStreamEvent> {
      for (let i = 0; i < 20_000; i++) {
        given++;
        yield { type: 'delta', content: 'token ' };
      }
      yield { type: 'end', finishReason: 'length', matchedStop: 199999 };
    }
    const stream = toEventStream(long(), meta, log, new AbortController().signal);
    const first = await new Promise<string>((resolve) =>
      stream.once('data', (chunk) => resolve(String(chunk))),
    );
    stream.pause();
    // Let the stream fill its buffer, then see that it stopped asking the engine for more.
    for (let turn = 0; turn < 20; turn++) await new Promise((resolve) => setImmediate(resolve));
    expect(first.length).toBeLessThanOrEqual(stream.readableHighWaterMark + 200);
    expect(given).toBeLessThan(2_000);
    stream.resume();
    const rest = (await chunksOf(stream)).join('');
    expect(given).toBe(20_000);
    expect(rest.endsWith('data: [DONE]\n\n')).toBe(true);
  });

  it('stop the engine’s events when the client goes', async () => {
    let ended = false;
    async function* endless(): AsyncGenerator<ChatStreamEvent> {
      try {
        for (;;) {
          yield { type: 'delta', content: 'more ' };
          await new Promise((resolve) => setImmediate(resolve));
        }
      } finally {
        ended = true;
      }
    }
    const stream = toEventStream(endless(), meta, log, new AbortController().signal);
    await new Promise((resolve) => stream.once('data', resolve));
    await new Promise<void>((resolve) => {
      stream.once('close', () => resolve());
      stream.destroy();
    });
    expect(ended).toBe(true);
  });
});

describe('a streamed answer’s body', () => {
  const signal = new AbortController().signal;
  const tokens = (count: number): ChatStreamEvent[] => [
    ...Array.from({ length: count }, (_, i) => ({ type: 'delta' as const, content: `token ${i} ` })),
    { type: 'end', finishReason: 'length', matchedStop: 199999 },
  ];

  it('is one buffer of the planned answer’s events when they fit one write, the stream’s bytes exactly', async () => {
    const events = tokens(50);
    const body = eventStreamBody(planned(events), meta, log, signal);
    expect(Buffer.isBuffer(body)).toBe(true);
    expect(body.toString()).toBe(
      (await chunksOf(toEventStream(planned(events), meta, log, signal))).join(''),
    );
  });

  it('is a stream of whole events, the same bytes, for a planned answer longer than one write', async () => {
    const events = tokens(5_000);
    const body = eventStreamBody(planned(events), meta, log, signal);
    expect(Buffer.isBuffer(body)).toBe(false);
    // Its first write's events are made already (at most one event past the bound), no more.
    const stream = body as Readable;
    expect(stream.readableLength).toBeGreaterThanOrEqual(ONE_WRITE_BYTES);
    expect(stream.readableLength).toBeLessThan(ONE_WRITE_BYTES + 300);
    const chunks = await chunksOf(stream);
    for (const chunk of chunks) expect(chunk.endsWith('\n\n')).toBe(true);
    expect(chunks.join('')).toBe(
      (await chunksOf(toEventStream(planned(events), meta, log, signal))).join(''),
    );
  });

  it('is a stream when a fault paces the answer, or when the engine gives its events one by one', () => {
    expect(Buffer.isBuffer(eventStreamBody(planned(tokens(3)), meta, log, signal, { tps: 1000 }))).toBe(
      false,
    );
    expect(Buffer.isBuffer(eventStreamBody(atHand(), meta, log, signal))).toBe(false);
  });
});
