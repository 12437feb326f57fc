/**
 * A chat stream that fails after it started: the client gets the deltas already sent, then one
 * terminal `event: error` with the envelope the request would have answered, and never `[DONE]`.
 */
import type { Readable } from 'node:stream';
import {
  chatUpstreamEnv,
  type FakeUpstream,
  failingAfter,
  startFakeUpstream,
} from '@assistant-platform/engines/testing';
import type { ChatStreamEvent } from '@assistant-platform/engines/types';
import { EngineError } from '@assistant-platform/engines/types';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ReferenceServer, startReferenceServer } from '../../src/index.js';
import { toEventStream } from '../../src/operations/chat-event-stream.js';
import { expectMatchesContract } from '../helpers/contract.js';
import { TEST_TOKENS, testChatBody, testSeed } from '../helpers/fixtures.js';
import { testDatabaseUrl } from '../helpers/test-store.js';

interface SseEvent {
  event: string;
  data: string;
}

/** Each SSE event of a body: its `event:` name (`message` when absent) and its `data:`. */
function sseEvents(text: string): SseEvent[] {
  return text
    .split('\n\n')
    .filter(Boolean)
    .map((block) => {
      const lines = block.split('\n');
      const event = lines.find((line) => line.startsWith('event: '))?.slice('event: '.length);
      const data = lines.find((line) => line.startsWith('data: '))?.slice('data: '.length) ?? '';
      return { event: event ?? 'message', data };
    });
}

describe('a chat stream whose upstream fails after the first delta', () => {
  let upstream: FakeUpstream;
  let server: ReferenceServer;
  beforeAll(async () => {
    upstream = await startFakeUpstream();
    server = await startReferenceServer({
      seed: testSeed,
      env: {
        DATABASE_URL: await testDatabaseUrl(),
        ...chatUpstreamEnv(upstream.url, 'upstream-model'),
      },
    });
  });
  afterAll(async () => {
    await server?.close();
    await upstream?.close();
  });

  const streamedChat = () =>
    fetch(`${server.baseUrl}/agents/chat/request`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TEST_TOKENS.all}`, 'content-type': 'application/json' },
      body: JSON.stringify(testChatBody({ stream: true })),
    });

  it.each([
    ['cuts the connection', 'cut'],
    ['sends an error object', 'error-object'],
  ] as const)(
    'ends with the delta, then event: error with the 500 envelope, and no [DONE] when it %s',
    async (_name, ending) => {
      upstream.handle(failingAfter(['first words'], ending, 'GPU 0 fell off the bus'));
      const res = await streamedChat();
      expect(res.status).toBe(200);
      const text = await res.text();
      expect(text).not.toContain('GPU');
      const events = sseEvents(text);
      expect(events.map((event) => event.event)).toEqual(['message', 'error']);
      expect(events.some((event) => event.data === '[DONE]')).toBe(false);

      const first = JSON.parse(events[0]?.data ?? '');
      expectMatchesContract('chatRequest', 200, first, 'text/event-stream');
      expect(first.request[0].delta).toEqual({ role: 'assistant', content: 'first words' });

      const error = JSON.parse(events[1]?.data ?? '');
      expectMatchesContract('chatRequest', 200, error, 'text/event-stream');
      expect(error).toEqual({ success: false, message: 'Internal server error' });
    },
  );
});

describe('toEventStream', () => {
  const lines: { level: string; msg: string }[] = [];
  const log = {
    info: (msg: string) => lines.push({ level: 'info', msg }),
    error: (_obj: object, msg: string) => lines.push({ level: 'error', msg }),
  } as unknown as FastifyBaseLogger;

  async function* failingAfterOneDelta(error: Error): AsyncGenerator<ChatStreamEvent> {
    yield { type: 'delta', content: 'Hello' };
    throw error;
  }
  const read = async (stream: Readable) => {
    let text = '';
    for await (const part of stream) text += part;
    return text;
  };
  const meta = { created: 1742292000, model: 'svc-v1-blaze-20250318' };

  it('ends with the 429 envelope when the engine was rate limited mid-stream', async () => {
    lines.length = 0;
    const events = failingAfterOneDelta(new EngineError(429, 'upstream said slow down'));
    const text = await read(toEventStream(events, meta, log, new AbortController().signal));
    const last = sseEvents(text).at(-1);
    expect(last?.event).toBe('error');
    const envelope = JSON.parse(last?.data ?? '');
    expectMatchesContract('chatRequest', 200, envelope, 'text/event-stream');
    expect(envelope).toEqual({ success: false, message: 'Rate limit exceeded. Please try again later.' });
    expect(text).not.toContain('slow down');
    expect(lines.map((line) => line.level)).toEqual(['error']);
  });

  it('writes nothing more, and logs at info, when the client went away', async () => {
    lines.length = 0;
    const gone = new AbortController();
    gone.abort();
    const events = failingAfterOneDelta(new EngineError(500, 'aborted'));
    const text = await read(toEventStream(events, meta, log, gone.signal));
    expect(sseEvents(text).map((event) => event.event)).toEqual(['message']);
    expect(lines.map((line) => line.level)).toEqual(['info']);
  });
});
