import { ConfigError } from '@assistant-platform/types';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createOpenAIChatEngine } from '../../src/openai/chat-engine.js';
import {
  answerWith,
  type FakeUpstream,
  modelLikeHandler,
  startFakeUpstream,
} from '../../src/testing/index.js';
import {
  callOptions,
  chatEngineAt,
  chatRequest,
  collect,
  OUR_MODEL,
  offlineEngine,
  recordingLogger,
  UPSTREAM_MODEL,
} from './helpers.js';

let upstream: FakeUpstream;
beforeAll(async () => {
  upstream = await startFakeUpstream();
});
afterAll(() => upstream.close());
beforeEach(() => {
  upstream.received.length = 0;
  upstream.handle(modelLikeHandler);
});

const engineWith = (apiKey?: string) => chatEngineAt(upstream.url, { apiKey }).engine;

describe('OpenAI chat adapter: what it sends upstream', { timeout: 60_000 }, () => {
  it('answers for the model names of the map, under our names', () => {
    const engine = createOpenAIChatEngine(
      { url: upstream.url, modelMap: { [OUR_MODEL]: 'x', 'svc-v2-local': 'y' }, timeoutMs: 1000 },
      recordingLogger(),
      offlineEngine,
    );
    expect(engine.models).toEqual([OUR_MODEL, 'svc-v2-local']);
  });

  it("refuses to start when the map leaves out the contract's default model", () => {
    const create = () =>
      createOpenAIChatEngine(
        { url: upstream.url, modelMap: { other: 'x' }, timeoutMs: 1000 },
        recordingLogger(),
        offlineEngine,
      );
    expect(create).toThrow(ConfigError);
    expect(create).toThrow(/CHAT_MODEL_MAP must map svc-v1-blaze-20250318/);
  });

  it('posts to {url}/chat/completions with the bearer key, the request id and the mapped model', async () => {
    await engineWith('sk-local-123').complete(chatRequest(), callOptions());
    const sent = upstream.only();
    expect(sent.method).toBe('POST');
    expect(sent.url).toBe('/v1/chat/completions');
    expect(sent.headers.authorization).toBe('Bearer sk-local-123');
    expect(sent.headers['x-request-id']).toBe('req-test-1');
    expect(sent.headers['content-type']).toBe('application/json');
    expect(sent.body.model).toBe(UPSTREAM_MODEL);
  });

  it('sends no Authorization header when no key is configured', async () => {
    await engineWith().complete(chatRequest(), callOptions());
    expect(upstream.only().headers.authorization).toBeUndefined();
  });

  it('passes sampling, seed and max_tokens through, and omits unset optional fields', async () => {
    const request = chatRequest({
      temperature: 1.3,
      top_p: 0.5,
      frequency_penalty: -1,
      presence_penalty: 1.5,
      seed: 7,
      max_tokens: 99,
    });
    await engineWith().complete(request, callOptions());
    const body = upstream.only().body;
    expect(body).toMatchObject({
      temperature: 1.3,
      top_p: 0.5,
      frequency_penalty: -1,
      presence_penalty: 1.5,
      seed: 7,
      max_tokens: 99,
      stream: true,
    });
    expect(body).not.toHaveProperty('reasoning_effort');
    expect(body).not.toHaveProperty('response_format');
  });

  it('maps reasoning.effort to reasoning_effort and json_schema to OpenAI structured outputs', async () => {
    upstream.handle(answerWith('{"summary":"Parcel delayed."}'));
    const schema = { type: 'object', properties: { summary: { type: 'string' } }, required: ['summary'] };
    const request = chatRequest({
      reasoning: { effort: 'high' },
      response_format: {
        type: 'json_schema',
        json_schema: { name: 'triage', strict: true, schema: schema as never },
      },
    });
    await engineWith().complete(request, callOptions());
    const body = upstream.only().body;
    expect(body.reasoning_effort).toBe('high');
    expect(body.response_format).toEqual({
      type: 'json_schema',
      json_schema: { name: 'triage', strict: true, schema },
    });
  });

  it('defaults json_schema.strict to false, as the contract declares', async () => {
    upstream.handle(answerWith('{}'));
    const request = chatRequest({
      response_format: {
        type: 'json_schema',
        json_schema: { name: 'n', schema: { type: 'object' } as never },
      },
    });
    await engineWith().complete(request, callOptions());
    expect(upstream.only().body.response_format.json_schema.strict).toBe(false);
  });

  it('puts the inline agent and its hand-off agents into one leading system message', async () => {
    const request = chatRequest({
      handoffAgents: [
        {
          id: 2,
          agentReferenceId: 'a1',
          name: 'Billing desk',
          description: 'Handles invoices.',
          instruction: 'secret',
          intents: ['invoice', 'refund'],
        },
      ],
    });
    await engineWith().complete(request, callOptions());
    const messages = upstream.only().body.messages;
    expect(messages.filter((m: { role: string }) => m.role === 'system')).toHaveLength(1);
    expect(messages[0].role).toBe('system');
    const system: string = messages[0].content;
    for (const text of [
      'Support triage',
      'Answers first-line support questions.',
      'Answer politely.',
      'refund',
      'delivery status',
      'Billing desk',
      'Handles invoices.',
      'invoice',
    ]) {
      expect(system).toContain(text);
    }
    // Another agent's own instruction is its business, not the main agent's prompt.
    expect(system).not.toContain('secret');
  });

  it('sends memoryChat in order with OpenAI roles, then the message with its text and image parts', async () => {
    const image = { type: 'image_url' as const, image_url: { url: 'https://images.example.org/parcel.jpg' } };
    const request = chatRequest({
      memoryChat: [
        { role: 'user', content: [{ type: 'text', text: 'My order arrived broken.' }, image] },
        {
          role: 'assistant',
          content: [
            { type: 'text', text: 'Sorry!' },
            { type: 'text', text: 'A photo?' },
          ],
        },
        { role: 'tool', content: [{ type: 'text', text: '{"status":"shipped"}' }] },
        { role: 'assistant', content: [{ type: 'text', text: 'It shipped.' }] },
      ],
      message: { role: 'user', content: [{ type: 'text', text: 'Is this the damaged item?' }, image] },
    });
    await engineWith().complete(request, callOptions());
    const [, ...turns] = upstream.only().body.messages;
    expect(turns).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'My order arrived broken.' }, image] },
      { role: 'assistant', content: 'Sorry!\n\nA photo?' },
      {
        role: 'user',
        content: [
          { type: 'text', text: '[tool output]' },
          { type: 'text', text: '{"status":"shipped"}' },
        ],
      },
      { role: 'assistant', content: 'It shipped.' },
      { role: 'user', content: [{ type: 'text', text: 'Is this the damaged item?' }, image] },
    ]);
  });

  // Strict chat templates (llama.cpp, many Ollama models) refuse anything else.
  it('folds history system turns into the leading system message and merges same-role turns in a row', async () => {
    const image = { type: 'image_url' as const, image_url: { url: 'data:image/png;base64,iVBORw0KGgo=' } };
    const text = (value: string) => ({ type: 'text' as const, text: value });
    const request = chatRequest({
      memoryChat: [
        { role: 'system', content: [text('Be brief.')] },
        { role: 'user', content: [text('Hello.')] },
        { role: 'user', content: [image, text('This came today.')] },
        { role: 'system', content: [text('Answer in English.'), image] },
        { role: 'assistant', content: [text('Let me check.')] },
        { role: 'assistant', content: [text('It is damaged.')] },
        { role: 'tool', content: [text('{"refund":true}')] },
        { role: 'function', content: [text('eta=tomorrow')] },
      ],
      message: { role: 'user', content: [text('Refund, please.'), image] },
    });
    await engineWith().complete(request, callOptions());
    const messages = upstream.only().body.messages;
    expect(messages.map((message: { role: string }) => message.role)).toEqual([
      'system',
      'user',
      'assistant',
      'user',
    ]);
    expect(messages[0].content).toContain('Answer politely.');
    expect(messages[0].content.endsWith('\n\nBe brief.\n\nAnswer in English.\n\n[image]')).toBe(true);
    expect(messages.slice(1)).toEqual([
      { role: 'user', content: [text('Hello.'), image, text('This came today.')] },
      { role: 'assistant', content: 'Let me check.\n\nIt is damaged.' },
      {
        role: 'user',
        content: [
          text('[tool output]'),
          text('{"refund":true}\n\n[function output]'),
          text('eta=tomorrow\n\nRefund, please.'),
          image,
        ],
      },
    ]);
  });

  it('asks for a stream (stream: true) whether or not the client streams', async () => {
    const engine = engineWith();
    await collect(await engine.stream(chatRequest(), callOptions()));
    await engine.complete(chatRequest(), callOptions());
    expect(upstream.received.map((request) => request.body.stream)).toEqual([true, true]);
    expect(upstream.received[0]?.body.model).toBe(UPSTREAM_MODEL);
  });

  it('rejects a model outside the map with a 400 and never calls the upstream', async () => {
    await expect(engineWith().complete(chatRequest({ model: 'other' }), callOptions())).rejects.toMatchObject(
      {
        status: 400,
        details: { issues: [{ path: '/model' }] },
      },
    );
    expect(upstream.received).toHaveLength(0);
  });
});
