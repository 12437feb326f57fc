import { describe, expect, it, onTestFinished } from 'vitest';
import { parseChatEvents, streamedContent } from '../helpers/chat-events.js';
import { expectMatchesContract } from '../helpers/contract.js';
import { auth, TEST_TOKENS, testChatBody } from '../helpers/fixtures.js';
import { buildTestApp, useTestApp } from '../helpers/test-app.js';

const app = useTestApp();
const chat = (payload: unknown, token: string = TEST_TOKENS.chat) =>
  app().inject({
    method: 'POST',
    url: '/v1/agents/chat/request',
    headers: auth(token),
    payload: payload as object,
  });

describe('POST /v1/agents/chat/request', () => {
  it('answers with one assistant message, integer created and the default model', async () => {
    const before = Math.floor(Date.now() / 1000);
    const res = await chat(testChatBody());
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expectMatchesContract('chatRequest', 200, body);
    expect(body.data.model).toBe('svc-v1-blaze-20250318');
    expect(Number.isInteger(body.data.created)).toBe(true);
    expect(body.data.created).toBeGreaterThanOrEqual(before);
    expect(body.data.request).toHaveLength(1);
    expect(body.data.request[0].message.content.length).toBeGreaterThan(0);
  });

  it('accepts memoryChat and reasoning as JSON-encoded strings', async () => {
    const memoryChat = [{ role: 'assistant', content: [{ type: 'text', text: 'Hello, how can I help?' }] }];
    const res = await chat(
      testChatBody({ memoryChat: JSON.stringify(memoryChat), reasoning: '{"effort":"low"}' }),
    );
    expect(res.statusCode).toBe(200);
    expectMatchesContract('chatRequest', 200, res.json());
  });

  it.each([
    ['memoryChat', 'not json', '/memoryChat'],
    ['memoryChat', '[{"role":"robot","content":[]}]', '/memoryChat/0/role'],
    ['reasoning', '{"effort":"extreme"}', '/reasoning/effort'],
    ['reasoning', '{', '/reasoning'],
  ])('answers 400 for a bad %s string (%s), naming %s', async (field, value, path) => {
    const res = await chat(testChatBody({ [field]: value }));
    expect(res.statusCode).toBe(400);
    expectMatchesContract('chatRequest', 400, res.json());
    expect(res.json().errors.map((e: { path: string }) => e.path)).toContain(path);
  });

  it('answers 400 naming /model for an unknown model', async () => {
    const res = await chat(testChatBody({ model: 'gpt-unknown' }));
    expect(res.statusCode).toBe(400);
    expectMatchesContract('chatRequest', 400, res.json());
    expect(res.json().errors).toEqual([
      { path: '/model', message: expect.stringContaining('svc-v1-blaze-20250318') },
    ]);
  });

  it('answers 400 naming each missing required field and bad values', async () => {
    const res = await chat({ message: { role: 'assistant', content: [] }, temperature: 3 });
    expect(res.statusCode).toBe(400);
    const paths = res.json().errors.map((e: { path: string }) => e.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/name',
        '/description',
        '/instruction',
        '/intents',
        '/message/role',
        '/message/content',
        '/temperature',
      ]),
    );
  });

  it('hands off to agents of the caller only: unknown 404, foreign 403, own 200', async () => {
    expect((await chat(testChatBody({ agents: [999] }))).statusCode).toBe(404);
    const foreign = await chat(testChatBody({ agents: [3] }));
    expect(foreign.statusCode).toBe(403);
    expectMatchesContract('chatRequest', 403, foreign.json());
    expect((await chat(testChatBody({ agents: [1, 2] }))).statusCode).toBe(200);
  });

  it('streams chunks whose deltas add up to the non-streamed answer, then [DONE]', async () => {
    const plain = (await chat(testChatBody({ seed: 7 }))).json().data.request[0];
    const res = await chat(testChatBody({ seed: 7, stream: true }));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/event-stream/);
    const { chunks, done } = parseChatEvents(res.body);
    expect(done).toBe(true);
    for (const chunk of chunks) expectMatchesContract('chatRequest', 200, chunk, 'text/event-stream');
    const last = chunks.at(-1)?.request[0];
    expect(last).toMatchObject({ finish_reason: plain.finish_reason, matched_stop: plain.matched_stop });
    expect(streamedContent(chunks)).toBe(plain.message.content);
    expect(chunks[0]?.request[0].delta.role).toBe('assistant');
  });

  it('sends a short streamed answer over HTTP in one piece whose length is known, a long one chunked', async () => {
    // A server of its own: the shared app listens in another test.
    const server = await buildTestApp();
    onTestFinished(() => server.close());
    const origin = await server.listen({ port: 0, host: '127.0.0.1' });
    const stream = (body: unknown) =>
      fetch(`${origin}/v1/agents/chat/request`, {
        method: 'POST',
        headers: { ...auth(TEST_TOKENS.chat), 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const short = await stream(testChatBody({ stream: true }));
    const shortText = await short.text();
    expect(short.headers.get('content-length')).toBe(String(Buffer.byteLength(shortText)));
    expect(parseChatEvents(shortText).done).toBe(true);
    // An answer of thousands of tokens (over one write's bytes) still streams as it is read.
    const items = { type: 'array', minItems: 2000, items: { type: 'string', minLength: 1 } };
    const long = await stream(
      testChatBody({
        stream: true,
        max_tokens: 8192,
        response_format: {
          type: 'json_schema',
          json_schema: {
            name: 'long',
            schema: { type: 'object', required: ['items'], properties: { items } },
          },
        },
      }),
    );
    expect(long.headers.get('transfer-encoding')).toBe('chunked');
    expect(parseChatEvents(await long.text()).done).toBe(true);
  });

  it('reports errors found before a stream starts with the normal envelope', async () => {
    const res = await chat(testChatBody({ stream: true, model: 'nope' }));
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expectMatchesContract('chatRequest', 400, res.json());
  });

  it('streams over HTTP without a listener-leak warning: a streamed answer’s listeners are a fixed number', async () => {
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(`${warning.name}: ${warning.message}`);
    process.on('warning', onWarning);
    try {
      const origin = await app().listen({ port: 0, host: '127.0.0.1' });
      const res = await fetch(`${origin}/v1/agents/chat/request`, {
        method: 'POST',
        headers: { ...auth(TEST_TOKENS.chat), 'content-type': 'application/json' },
        body: JSON.stringify(testChatBody({ stream: true })),
      });
      expect(res.status).toBe(200);
      expect(parseChatEvents(await res.text()).done).toBe(true);
      // Node emits the warning on the next tick after the listener that crossed the limit.
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(warnings.filter((warning) => warning.startsWith('MaxListenersExceededWarning'))).toEqual([]);
    } finally {
      process.off('warning', onWarning);
    }
  });
});
