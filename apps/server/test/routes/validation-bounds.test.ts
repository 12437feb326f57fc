import { describe, expect, it } from 'vitest';
import { expectMatchesContract } from '../helpers/contract.js';
import { auth, TEST_TOKENS, testChatBody } from '../helpers/fixtures.js';
import { useTestApp } from '../helpers/test-app.js';

const app = useTestApp();
const send = (method: 'POST' | 'GET' | 'PATCH', url: string, payload?: unknown) =>
  app().inject({
    method,
    url,
    headers: {
      ...auth(TEST_TOKENS.all),
      ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(payload === undefined
      ? {}
      : { payload: typeof payload === 'string' ? payload : JSON.stringify(payload) }),
  });
const paths = (res: { json(): { errors: { path: string }[] } }) => res.json().errors.map((e) => e.path);
const agent = { name: 'Bounds', instruction: 'Answer.' };

describe('validation: limits before items, every bad field, the body protections everywhere', () => {
  it('rejects non-object tools and content blocks, naming each', async () => {
    const created = await send('POST', '/v1/agents/create', { ...agent, tools: [null, 0, false, 'x'] });
    expect(created.statusCode).toBe(400);
    expectMatchesContract('createAgent', 400, created.json());
    expect(paths(created)).toEqual(expect.arrayContaining(['/tools/0', '/tools/1', '/tools/2', '/tools/3']));
    const chat = await send(
      'POST',
      '/v1/agents/chat/request',
      testChatBody({ message: { role: 'user', content: [null, 7, { type: 'text', text: 'hi' }] } }),
    );
    expect(chat.statusCode).toBe(400);
    expect(paths(chat)).toEqual(expect.arrayContaining(['/message/content/0', '/message/content/1']));
  });

  it('answers a million-item array by the values a body may hold, naming it, before parsing it', async () => {
    const tools = `[${'{},'.repeat(999_999)}{}]`;
    // How long it takes is bench/hostile.mjs's to measure; this pins what the client is told.
    const res = await send('POST', '/v1/agents/create', `{"name":"a","instruction":"b","tools":${tools}}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      { path: '/tools', message: 'the JSON holds more than 100000 values' },
    ]);
  });

  it('answers an array within the values a body may hold by its maxItems, without looking at the items', async () => {
    const tools = `[${'{},'.repeat(49_999)}{}]`;
    const res = await send('POST', '/v1/agents/create', `{"name":"a","instruction":"b","tools":${tools}}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ path: '/tools', message: 'must NOT have more than 64 items' }]);
  });

  it('lists a limit together with the other bad fields', async () => {
    const res = await send('POST', '/v1/agents/create', {
      name: 'n'.repeat(201),
      instruction: 'b',
      intents: Array.from({ length: 51 }, () => 'x'),
    });
    expect(paths(res).sort()).toEqual(['/intents', '/name']);
  });

  it('gives JSON-string fields the body protections, and lists their issues with the others', async () => {
    const deep = `${'['.repeat(5000)}${']'.repeat(5000)}`;
    const nested = await send('POST', '/v1/agents/create', { ...agent, tools: deep });
    expect(nested.statusCode).toBe(400);
    expect(paths(nested)).toEqual(['/tools']);
    const poisoned = await send('POST', '/v1/agents/create', { ...agent, tools: '[{"__proto__":{"x":1}}]' });
    expect(poisoned.statusCode).toBe(400);
    expect(poisoned.json().errors).toContainEqual({
      path: '/tools/0/__proto__',
      message: 'must not contain "__proto__" or "constructor.prototype" keys',
    });
    const both = await send(
      'POST',
      '/v1/agents/chat/request',
      testChatBody({
        model: 'nope',
        memoryChat: '[{"role":"robot","content":[]}]',
        reasoning: '{"effort":"x"}',
      }),
    );
    expect(paths(both).sort()).toEqual(['/memoryChat/0/role', '/model', '/reasoning/effort']);
  });

  it('answers 400 for a lone surrogate in a value or a key, naming it', async () => {
    const value = await send('POST', '/v1/agents/create', '{"name":"a\\ud800","instruction":"b"}');
    expect(value.statusCode).toBe(400);
    expect(value.json().errors).toEqual([
      { path: '/name', message: expect.stringMatching(/lone surrogate/) },
    ]);
    const inString = await send('POST', '/v1/agents/create', {
      ...agent,
      tools: '[{"type":"svc_tool","svc_tool":"\\udc00"}]',
    });
    expect(inString.json().errors).toContainEqual({
      path: '/tools/0/svc_tool',
      message: 'must be well-formed Unicode (it has a lone surrogate)',
    });
    const pair = await send('POST', '/v1/agents/create', '{"name":"ok \\ud83d\\ude00","instruction":"b"}');
    expect(pair.statusCode).toBe(201);
  });

  it('answers 400 for U+0000 in a value, which neither store would keep alike, and creates nothing', async () => {
    const answer = await send('POST', '/v1/agents/create', '{"name":"a\\u0000b","instruction":"b"}');
    expect(answer.statusCode).toBe(400);
    expect(answer.json().errors).toEqual([{ path: '/name', message: 'must not contain U+0000' }]);
    const control = await send('POST', '/v1/agents/create', '{"name":"tab\\tand \\u0001","instruction":"b"}');
    expect(control.statusCode).toBe(201);
  });

  it('takes path ids only as canonical integers', async () => {
    for (const id of ['0x1', '1e0', '%201', '01', '1.0', '+1']) {
      const view = await send('GET', `/v1/agents/view/${id}`);
      expect(view.statusCode, id).toBe(400);
      const patch = await send('PATCH', `/v1/transcribe/workspace/${id}/transcriptions/1`, {
        transcript: { filename: 'a.mp3', transcript: 'x' },
      });
      expect(patch.statusCode, id).toBe(400);
      expect(paths(patch)).toEqual(['path.id']);
    }
  });

  it('bounds response schemas before generating anything, naming the keyword', async () => {
    const ask = (schema: unknown, extra: Record<string, unknown> = {}) =>
      send(
        'POST',
        '/v1/agents/chat/request',
        testChatBody({
          response_format: { type: 'json_schema', json_schema: { name: 'x', schema } },
          ...extra,
        }),
      );
    const at = '/response_format/json_schema/schema';
    expect(paths(await ask({ type: 'string', minLength: 200_000_000 }))).toEqual([`${at}/minLength`]);
    expect(paths(await ask({ type: 'string', minLength: 1000 }, { max_tokens: 100 }))).toEqual([
      `${at}/minLength`,
    ]);
    const nestedItems = {
      type: 'array',
      minItems: 20,
      items: { type: 'array', minItems: 20, items: { type: 'integer' } },
    };
    expect(paths(await ask(nestedItems, { max_tokens: 300 }))).toEqual([`${at}/items/minItems`]);
    expect(paths(await ask({ enum: Array.from({ length: 1000 }, (_, i) => i) }))).toEqual([`${at}/enum`]);
    expect(paths(await ask({ type: 'string', pattern: `^${'a'.repeat(300)}$` }))).toEqual([`${at}/pattern`]);
    const big = {
      type: 'object',
      properties: Object.fromEntries(
        Array.from({ length: 200 }, (_, i) => [`p${i}`, { type: 'string', description: 'd'.repeat(400) }]),
      ),
    };
    expect(paths(await ask(big))).toEqual([at]);
    let deep: Record<string, unknown> = { type: 'string' };
    for (let i = 0; i < 20; i++) deep = { type: 'array', items: deep };
    expect(paths(await ask(deep))).toEqual([at]);
  });

  it('validates a large body on a worker with exactly the issues of a small one', async () => {
    const bad = { model: 'nope', memoryChat: '[{"role":"robot","content":[]}]', description: 'a\ud800' };
    const small = await send(
      'POST',
      '/v1/agents/chat/request',
      testChatBody({ ...bad, message: { role: 'user', content: [{ type: 'text', text: 'x' }] } }),
    );
    // Over the 128 KiB from which bodies are validated on a worker thread.
    const long = { type: 'text', text: 'x'.repeat(90_000) };
    const message = { role: 'user', content: [long, long] };
    const padded = testChatBody({ ...bad, message });
    const large = await send('POST', '/v1/agents/chat/request', padded);
    expect(large.statusCode).toBe(400);
    expect(large.json()).toEqual(small.json());
    expect(paths(large).sort()).toEqual(['/description', '/memoryChat/0/role', '/model']);
    const valid = await send('POST', '/v1/agents/chat/request', testChatBody({ message }));
    expect(valid.statusCode).toBe(200);
    expectMatchesContract('chatRequest', 200, valid.json());
  });
});
