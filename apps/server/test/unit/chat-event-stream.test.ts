/**
 * How a chat's events leave: together when the engine has them at hand, each as it comes when the
 * engine waits between them, and the engine told to stop when the client goes.
 */
import type { ChatStreamEvent } from '@assistant-platform/engines/types';
import { ContractValidator } from '@assistant-platform/types/validation';
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { toEventStream } from '../../src/operations/chat-event-stream.js';

const meta = { created: 1742292000, model: 'svc-v1-blaze-20250318' };
const quiet = () => undefined;
const log = { info: quiet, error: quiet } as unknown as FastifyBaseLogger;

async function* atHand(): AsyncGenerator<ChatStreamEvent> {
  yield { type: 'delta', content: 'Your parcel ' };
  yield { type: 'delta', content: 'left "the depot".' };
  yield { type: 'end', finishReason: 'stop', matchedStop: 199999 };
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
