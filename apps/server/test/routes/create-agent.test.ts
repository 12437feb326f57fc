import { describe, expect, it } from 'vitest';
import { expectMatchesContract } from '../helpers/contract.js';
import { auth, TEST_TOKENS } from '../helpers/fixtures.js';
import { useTestApp } from '../helpers/test-app.js';

const app = useTestApp();
const create = (payload: unknown, token: string = TEST_TOKENS.write) =>
  app().inject({
    method: 'POST',
    url: '/v1/agents/create',
    headers: auth(token),
    payload: payload as object,
  });

const functionTool = {
  type: 'function',
  function: {
    name: 'lookup_order',
    parameters: {
      type: 'object',
      properties: { orderNumber: { type: 'string' } },
      required: ['orderNumber'],
    },
  },
};

describe('POST /v1/agents/create', () => {
  it('creates an ACTIVE agent, answers 201 with its first eight fields, and stores the rest', async () => {
    const res = await create({
      name: 'Refunds',
      instruction: 'Handle refunds.',
      intents: ['refund'],
      knowledgeBaseId: 5,
      tools: [functionTool],
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expectMatchesContract('createAgent', 201, body);
    expect(body.data).toMatchObject({
      name: 'Refunds',
      description: '',
      instruction: 'Handle refunds.',
      status: 'ACTIVE',
    });
    expect(body.data.createdAt).toBe(body.data.updatedAt);

    const view = await app().inject({
      url: `/v1/agents/view/${body.data.id}`,
      headers: auth(TEST_TOKENS.all),
    });
    expect(view.json().data).toMatchObject({
      intents: ['refund'],
      knowledgeBaseId: 5,
      tools: [functionTool],
    });
  });

  it('applies the declared defaults: description "", intents [], tools [], knowledgeBaseId null', async () => {
    const res = await create({ name: 'Minimal', instruction: 'Do it.' });
    expect(res.statusCode).toBe(201);
    const view = await app().inject({
      url: `/v1/agents/view/${res.json().data.id}`,
      headers: auth(TEST_TOKENS.all),
    });
    expectMatchesContract('getAgent', 200, view.json());
    expect(view.json().data).toMatchObject({
      description: '',
      intents: [],
      tools: [],
      knowledgeBaseId: null,
    });
  });

  it('accepts tools as a JSON-encoded string of the array', async () => {
    const res = await create({ name: 'Stringy', instruction: 'x', tools: JSON.stringify([functionTool]) });
    expect(res.statusCode).toBe(201);
    const view = await app().inject({
      url: `/v1/agents/view/${res.json().data.id}`,
      headers: auth(TEST_TOKENS.all),
    });
    expect(view.json().data.tools).toEqual([functionTool]);
  });

  it('allows two agents with the same name', async () => {
    const a = await create({ name: 'Twin', instruction: 'x' });
    const b = await create({ name: 'Twin', instruction: 'x' });
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(a.json().data.id).not.toBe(b.json().data.id);
    expect(a.json().data.agentReferenceId).not.toBe(b.json().data.agentReferenceId);
  });

  it('answers 400 naming every bad field', async () => {
    const res = await create({
      instruction: 5,
      extra: true,
      intents: ['ok', ''],
      tools: [{ type: 'function', function: { name: 'bad name' } }],
    });
    expect(res.statusCode).toBe(400);
    expectMatchesContract('createAgent', 400, res.json());
    const paths = res.json().errors.map((e: { path: string }) => e.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/name',
        '/instruction',
        '/extra',
        '/intents/1',
        '/tools/0/function/name',
        '/tools/0/function/parameters',
      ]),
    );
    expect(res.json().errors.find((e: { path: string }) => e.path === '/name').message).toBe('is required');
  });

  it('answers 400 for an unknown tool type, naming the tool', async () => {
    const res = await create({ name: 'a', instruction: 'b', tools: [{ type: 'mystery' }] });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].path).toMatch(/^\/tools\/0/);
  });

  it.each([
    ['unparsable', '[{"type":'],
    ['valid JSON but not tools', '[{"type":"svc_tool","svc_tool":"nope"}]'],
  ])('answers 400 for a tools string that is %s', async (_label, tools) => {
    const res = await create({ name: 'a', instruction: 'b', tools });
    expect(res.statusCode).toBe(400);
    expectMatchesContract('createAgent', 400, res.json());
    expect(res.json().errors[0].path).toMatch(/^\/tools/);
  });

  it('answers 400 for limits: name over 200 characters, more than 50 intents', async () => {
    const res = await create({
      name: 'n'.repeat(201),
      instruction: 'b',
      intents: Array.from({ length: 51 }, (_, i) => `i${i}`),
    });
    expect(res.statusCode).toBe(400);
    expect(
      res
        .json()
        .errors.map((e: { path: string }) => e.path)
        .sort(),
    ).toEqual(['/intents', '/name']);
  });
});
