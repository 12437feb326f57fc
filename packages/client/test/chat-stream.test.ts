/** Streaming chat against scripted `text/event-stream` bodies, including awkward byte boundaries. */
import { describe, expect, it } from 'vitest';
import {
  APIConnectionError,
  APIUserAbortError,
  AssistantApiError,
  type ChatStreamChunk,
  createAssistantClient,
  InternalServerError,
  RateLimitError,
  ServiceUnavailableError,
} from '../src/index.js';
import { chatBody as body, chunk } from './helpers/chat-fixtures.js';
import { json, scriptedFetch, sse } from './helpers/fake-fetch.js';

const event = (value: unknown) => `data: ${JSON.stringify(value)}\n\n`;
const answer = [
  event(chunk('Grüße, ')),
  event(chunk('wie kann ich ')),
  event(chunk('helfen? 👋')),
  event(chunk(undefined, { finish_reason: 'stop', matched_stop: 2 })),
  'data: [DONE]\n\n',
];

function streamingClient(...responses: (() => Response)[]) {
  const fetch = scriptedFetch(...responses);
  return { fetch, sdk: createAssistantClient({ baseUrl: 'http://api.test/v1', token: 't', fetch }) };
}

/** Splits text into single-byte pieces, so multi-byte characters and events straddle reads. */
function byteByByte(text: string): Uint8Array[] {
  return [...new TextEncoder().encode(text)].map((byte) => Uint8Array.of(byte));
}

describe('agents.chatStream', () => {
  it('asks for a stream with every default filled in', async () => {
    const { sdk, fetch } = streamingClient(() => sse(answer));
    await (await sdk.agents.chatStream(body)).text();
    const sent = fetch.sent[0]!;
    expect(sent.headers.get('accept')).toBe('text/event-stream');
    expect(sent.headers.get('content-type')).toBe('application/json');
    expect(JSON.parse(sent.body)).toMatchObject({ ...body, stream: true, model: 'svc-v1-blaze-20250318' });
  });

  it("sends the call's headers with the stream request", async () => {
    const { sdk, fetch } = streamingClient(() => sse(answer));
    await (await sdk.agents.chatStream(body, { headers: { 'x-request-id': 'mine' } })).text();
    expect(fetch.sent[0]!.headers.get('x-request-id')).toBe('mine');
    expect(fetch.sent[0]!.headers.get('accept')).toBe('text/event-stream');
  });

  it('yields each chunk in order and exposes the request id', async () => {
    const { sdk } = streamingClient(() => sse(answer));
    const stream = await sdk.agents.chatStream(body);
    const seen: ChatStreamChunk[] = [];
    for await (const part of stream) seen.push(part);
    expect(seen.map((part) => part.request[0]?.delta.content ?? '')).toEqual([
      'Grüße, ',
      'wie kann ich ',
      'helfen? 👋',
      '',
    ]);
    expect(stream.requestId).toBe('req-stream');
    expect(await stream.text()).toBe('Grüße, wie kann ich helfen? 👋');
  });

  it('reassembles events and characters split across every byte', async () => {
    const { sdk } = streamingClient(() => sse(byteByByte(answer.join(''))));
    const stream = await sdk.agents.chatStream(body);
    expect(await stream.final()).toEqual({
      request: [
        {
          finish_reason: 'stop',
          message: { role: 'assistant', content: 'Grüße, wie kann ich helfen? 👋' },
          matched_stop: 2,
        },
      ],
      created: 1742292000,
      model: 'svc-v1-blaze-20250318',
      object: 'chat.request',
    });
  });

  it('aborts the request when a for-await loop breaks, but text() after next() calls returns the whole answer', async () => {
    const { sdk } = streamingClient(() => sse(answer));
    const stream = await sdk.agents.chatStream(body);
    for await (const _ of stream) break;
    await expect(stream.text()).rejects.toBeInstanceOf(APIUserAbortError);

    const { sdk: again } = streamingClient(() => sse(answer));
    const second = await again.agents.chatStream(body);
    const iterator = second[Symbol.asyncIterator]();
    await iterator.next();
    expect(await second.text()).toBe('Grüße, wie kann ich helfen? 👋');
  });

  it('can be iterated only once', async () => {
    const { sdk } = streamingClient(() => sse(answer));
    const stream = await sdk.agents.chatStream(body);
    stream[Symbol.asyncIterator]();
    expect(() => stream[Symbol.asyncIterator]()).toThrow(/once/);
  });

  it('throws a typed error before streaming when the server refuses', async () => {
    const { sdk } = streamingClient(() =>
      json(
        429,
        { success: false, message: 'Rate limit exceeded. Please try again later.' },
        { 'retry-after': '90' },
      ),
    );
    await expect(sdk.agents.chatStream(body)).rejects.toBeInstanceOf(RateLimitError);
  });

  it('reports a stream cut before [DONE] as a connection error', async () => {
    const { sdk } = streamingClient(() => sse(answer.slice(0, 2)));
    const stream = await sdk.agents.chatStream(body);
    const error = await stream.text().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(APIConnectionError);
    expect((error as Error).message).toMatch(/\[DONE\]/);
  });

  it('throws after the chunks it got when the stream ends without [DONE], even after a finish_reason', async () => {
    for (const cut of [answer.slice(0, 2), answer.slice(0, -1)]) {
      const { sdk } = streamingClient(() => sse(cut));
      const seen: string[] = [];
      const error = await (async () => {
        for await (const part of await sdk.agents.chatStream(body))
          seen.push(part.request[0]?.delta.content ?? '');
      })().catch((caught: unknown) => caught);
      expect(seen).toHaveLength(cut.length);
      expect(error).toBeInstanceOf(APIConnectionError);
    }
  });

  describe('a terminal event: error', () => {
    const failedAfter = (envelope: unknown) => [
      event(chunk('Grüße, ')),
      event(chunk('wie kann ich ')),
      `event: error\ndata: ${JSON.stringify(envelope)}\n\n`,
    ];
    const internal = { success: false, message: 'Internal server error' };
    const rateLimited = { success: false, message: 'Rate limit exceeded. Please try again later.' };

    it('is thrown from the loop as InternalServerError, after the chunks already yielded', async () => {
      const { sdk } = streamingClient(() => sse(failedAfter(internal)));
      const seen: string[] = [];
      const error = await (async () => {
        for await (const part of await sdk.agents.chatStream(body))
          seen.push(part.request[0]?.delta.content ?? '');
      })().catch((caught: unknown) => caught);
      expect(seen).toEqual(['Grüße, ', 'wie kann ich ']);
      expect(error).toBeInstanceOf(InternalServerError);
      expect(error).toMatchObject({ status: 500, message: 'Internal server error', requestId: 'req-stream' });
    });

    it('is a RateLimitError when it carries the 429 envelope; text() and final() reject with it', async () => {
      const { sdk } = streamingClient(() => sse(failedAfter(rateLimited)));
      const stream = await sdk.agents.chatStream(body);
      const error = await stream.text().catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(RateLimitError);
      expect(error).toMatchObject({ status: 429, message: rateLimited.message, requestId: 'req-stream' });
      await expect(stream.final()).rejects.toBe(error);
    });

    it("is a RateLimitError too when it carries the 429 envelope's busy message", async () => {
      const busy = {
        success: false,
        message: 'The server is busy with your earlier requests. Please try again later.',
      };
      const { sdk } = streamingClient(() => sse(failedAfter(busy)));
      const error = await (await sdk.agents.chatStream(body)).text().catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(RateLimitError);
      expect(error).toMatchObject({ status: 429, message: busy.message });
    });

    it('is a ServiceUnavailableError (a 5xx) when its server stopped before the stream could finish', async () => {
      const unavailable = { success: false, message: 'Service unavailable' };
      const { sdk } = streamingClient(() => sse(failedAfter(unavailable)));
      const error = await (await sdk.agents.chatStream(body)).text().catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(ServiceUnavailableError);
      expect(error).toBeInstanceOf(InternalServerError);
      expect(error).toMatchObject({ status: 503, message: unavailable.message, requestId: 'req-stream' });
    });

    it('is read across byte boundaries, and wins over anything after it', async () => {
      const raw = [...failedAfter(internal), 'data: [DONE]\n\n'].join('');
      const { sdk } = streamingClient(() => sse(byteByByte(raw)));
      const stream = await sdk.agents.chatStream(body);
      await expect(stream.text()).rejects.toBeInstanceOf(InternalServerError);
    });

    it('is still an InternalServerError when its data is not an envelope', async () => {
      const { sdk } = streamingClient(() => sse([event(chunk('a')), 'event: error\ndata: oops\n\n']));
      const error = await (await sdk.agents.chatStream(body)).text().catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(InternalServerError);
      expect(error).toMatchObject({ status: 500, requestId: 'req-stream' });
    });
  });

  it('reports an unreadable event with the request id', async () => {
    const { sdk } = streamingClient(() =>
      sse([event(chunk('a')), 'data: {not json\n\n', 'data: [DONE]\n\n']),
    );
    const stream = await sdk.agents.chatStream(body);
    const error = await stream.final().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AssistantApiError);
    expect(error).toMatchObject({ requestId: 'req-stream', message: expect.stringMatching(/parse/) });
  });

  it('ends the loop quietly on abort() and makes text() reject', async () => {
    let cancelled = false;
    const endless = () =>
      new Response(
        new ReadableStream({
          pull(controller) {
            controller.enqueue(new TextEncoder().encode(event(chunk('more '))));
          },
          cancel() {
            cancelled = true;
          },
        }),
        { headers: { 'content-type': 'text/event-stream' } },
      );
    const { sdk } = streamingClient(endless);
    const stream = await sdk.agents.chatStream(body);
    let received = 0;
    for await (const _ of stream) {
      if (++received === 3) stream.abort();
    }
    expect(received).toBeGreaterThanOrEqual(3);
    await expect(stream.text()).rejects.toBeInstanceOf(APIUserAbortError);
    expect(cancelled).toBe(true);
  });

  it('stops at once on abort() even when one read carried many events', async () => {
    const { sdk } = streamingClient(() => sse([answer.join('')]));
    const stream = await sdk.agents.chatStream(body);
    let seen = 0;
    for await (const _ of stream) {
      seen++;
      stream.abort();
    }
    expect(seen).toBe(1);
  });

  it("stops when the caller's signal aborts", async () => {
    const controller = new AbortController();
    const { sdk } = streamingClient(() =>
      sse([event(chunk('one')), event(chunk('two')), 'data: [DONE]\n\n'].concat(answer)),
    );
    const stream = await sdk.agents.chatStream(body, { signal: controller.signal });
    controller.abort();
    await expect(stream.final()).rejects.toBeInstanceOf(APIUserAbortError);
  });
});
