/** openai-node's conveniences: `.asResponse()`, defaults from the environment, streams handed on. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  APIConnectionError,
  ChatStream,
  createAssistantClient,
  NotFoundError,
  RateLimitError,
} from '../src/index.js';
import { chatBody, chunk, STOPPED } from './helpers/chat-fixtures.js';
import { json, ok, scriptedFetch, sse } from './helpers/fake-fetch.js';

const baseUrl = 'http://api.test/v1';
const event = (value: unknown) => `data: ${JSON.stringify(value)}\n\n`;

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('asResponse()', () => {
  it('resolves to the raw response with its body unread, and still throws a non-2xx as its typed error', async () => {
    const fetch = scriptedFetch(
      () => ok({ id: 1 }),
      () => json(404, { success: false, message: 'Resource does not exist' }),
    );
    const sdk = createAssistantClient({ baseUrl, token: 't', fetch, maxRetries: 0 });
    const response = await sdk.agents.get.asResponse(1);
    expect(response.bodyUsed).toBe(false);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true, message: 'OK', data: { id: 1 } });
    await expect(sdk.agents.get.asResponse(2)).rejects.toBeInstanceOf(NotFoundError);
  });
});

describe('defaults from the environment', () => {
  it('takes the base URL and token from ASSISTANT_PLATFORM_BASE_URL and ASSISTANT_PLATFORM_TOKEN', async () => {
    vi.stubEnv('ASSISTANT_PLATFORM_BASE_URL', baseUrl);
    vi.stubEnv('ASSISTANT_PLATFORM_TOKEN', 'from-env');
    const fetch = scriptedFetch(() => ok({ id: 1 }));
    await createAssistantClient({ fetch }).agents.get(1);
    expect(fetch.sent[0]?.url).toBe(`${baseUrl}/agents/view/1`);
    expect(fetch.sent[0]?.headers.get('authorization')).toBe('Bearer from-env');
  });

  it('prefers the options given, and a getToken over the variable', async () => {
    vi.stubEnv('ASSISTANT_PLATFORM_BASE_URL', 'http://elsewhere.test/v1');
    vi.stubEnv('ASSISTANT_PLATFORM_TOKEN', 'from-env');
    const fetch = scriptedFetch(() => ok({ id: 1 }));
    await createAssistantClient({ baseUrl, getToken: () => 'fresh', fetch }).agents.get(1);
    expect(fetch.sent[0]?.url).toBe(`${baseUrl}/agents/view/1`);
    expect(fetch.sent[0]?.headers.get('authorization')).toBe('Bearer fresh');
  });

  it('names the options and the variables a user can set when neither is there', () => {
    vi.stubEnv('ASSISTANT_PLATFORM_BASE_URL', '');
    vi.stubEnv('ASSISTANT_PLATFORM_TOKEN', '');
    expect(() => createAssistantClient({ token: 't' })).toThrow(
      'createAssistantClient needs the API root: pass baseUrl (e.g. http://127.0.0.1:4010/v1) or set ASSISTANT_PLATFORM_BASE_URL',
    );
    expect(() => createAssistantClient({ baseUrl })).toThrow(
      'createAssistantClient needs a token: pass token (or getToken, to fetch one per call) or set ASSISTANT_PLATFORM_TOKEN',
    );
    vi.stubEnv('ASSISTANT_PLATFORM_BASE_URL', 'http://api.test');
    expect(() => createAssistantClient({ token: 't' })).toThrow(
      'ASSISTANT_PLATFORM_BASE_URL must be the API root, ending in /v1 (e.g. http://127.0.0.1:4010/v1), not http://api.test',
    );
  });

  it('reads nothing where there is no process (a browser page)', () => {
    vi.stubGlobal('process', undefined);
    try {
      expect(() => createAssistantClient({ token: 't' })).toThrow(/pass baseUrl/);
      expect(createAssistantClient({ baseUrl, token: 't' })).toBeDefined();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('a stream handed on with toReadableStream() and read back with fromReadableStream()', () => {
  const handOn = async (pieces: string[]) => {
    const sdk = createAssistantClient({
      baseUrl,
      token: 't',
      fetch: scriptedFetch(() => sse(pieces)),
      maxRetries: 0,
    });
    const upstream = await sdk.agents.chatStream(chatBody);
    // What a server would answer a browser with: the body as bytes, read again on the other side.
    const relayed = new Response(upstream.toReadableStream());
    return ChatStream.fromReadableStream(relayed.body as ReadableStream<Uint8Array>);
  };

  it('gives the same chunks and the same final answer', async () => {
    const stream = await handOn([event(chunk('Hel')), event(chunk('lo', STOPPED)), 'data: [DONE]\n\n']);
    const contents: string[] = [];
    for await (const piece of stream) contents.push(piece.request[0]?.delta.content ?? '');
    expect(contents).toEqual(['Hel', 'lo']);
    const again = await handOn([event(chunk('Hel')), event(chunk('lo', STOPPED)), 'data: [DONE]\n\n']);
    expect(await again.final()).toMatchObject({
      request: [{ finish_reason: 'stop', message: { content: 'Hello' }, matched_stop: 199999 }],
    });
  });

  it("passes the platform's error event on as the same typed error", async () => {
    const stream = await handOn([
      event(chunk('Hel')),
      'event: error\ndata: {"success":false,"message":"Rate limit exceeded. Please try again later."}\n\n',
    ]);
    await expect(stream.text()).rejects.toBeInstanceOf(RateLimitError);
  });

  it('keeps a cut stream a cut one, never a complete answer', async () => {
    const stream = await handOn([event(chunk('Hel')), event(chunk('lo', STOPPED))]);
    await expect(stream.text()).rejects.toBeInstanceOf(APIConnectionError);
  });
});
