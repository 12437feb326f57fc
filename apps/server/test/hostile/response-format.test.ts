/**
 * `response_format.json_schema.schema` is user-supplied work for the engine: every costly shape
 * (huge minLength, huge enum, backtracking or gigantic patterns, oversized or deep schemas) must be
 * refused with a 400 naming the keyword, or answered within the engine's budget, while `/healthz`
 * stays responsive.
 */
import { describe, expect, it } from 'vitest';
import { expectMatchesContract } from '../helpers/contract.js';
import { testChatBody } from '../helpers/fixtures.js';
import { useHostileServer } from './hostile-server.js';
import { type Answer, call, expectIssueAt, whileWatchingHealth } from './http-probe.js';

const server = useHostileServer();
const SCHEMA = '/response_format/json_schema/schema';

/** A valid chat body asking for an answer valid against `schema`. */
function chatWithSchema(schema: unknown, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return testChatBody({
    response_format: { type: 'json_schema', json_schema: { name: 'x', schema } },
    ...extra,
  });
}

/** Sends it while polling `/healthz` (which must stay prompt); the answer itself must come within 20 s. */
const chat = (body: unknown): Promise<Answer> =>
  whileWatchingHealth(server().origin, () =>
    call(server().origin, 'POST', '/v1/agents/chat/request', body, { timeoutMs: 20_000 }),
  );

/** `depth` nested array subschemas around a string. */
function nested(depth: number): unknown {
  let schema: unknown = { type: 'string' };
  for (let i = 0; i < depth; i++) schema = { type: 'array', items: schema };
  return schema;
}

describe('costly response schemas', { timeout: 60_000 }, () => {
  it('minLength 200,000,000 → 400 naming …/schema/minLength (over the contract maximum)', async () => {
    const res = await chat(chatWithSchema({ type: 'string', minLength: 200_000_000 }));
    expectIssueAt(res, `${SCHEMA}/minLength`);
    expectMatchesContract('chatRequest', 400, res.body);
  });

  it('minLength 100,000 with max_tokens 100 → 400 naming …/schema/minLength (more than 4 × max_tokens)', async () => {
    const res = await chat(chatWithSchema({ type: 'string', minLength: 100_000 }, { max_tokens: 100 }));
    expectIssueAt(res, `${SCHEMA}/minLength`);
    expectMatchesContract('chatRequest', 400, res.body);
  });

  it('minItems beyond max_tokens, counted over nested arrays → 400 naming the keyword', async () => {
    const schema = {
      type: 'array',
      minItems: 20,
      items: { type: 'array', minItems: 20, items: { type: 'integer' } },
    };
    const res = await chat(chatWithSchema(schema, { max_tokens: 100 }));
    expectIssueAt(res, SCHEMA, { prefix: true });
    expect(res.body.errors.some((issue: { path: string }) => issue.path.endsWith('/minItems'))).toBe(true);
  });

  it('a backtracking pattern with an unmatchable const answers (400 or 200) without hanging', async () => {
    const res = await chat(
      chatWithSchema({ type: 'string', pattern: '^(a+)+$', const: 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!' }),
    );
    expect([200, 400]).toContain(res.status);
    expectMatchesContract('chatRequest', res.status, res.body);
    if (res.status === 400) expectIssueAt(res, SCHEMA, { prefix: true });
  });

  it('an enum of 20,000 values → 400 naming …/schema (over the 65,536 bytes a schema may have)', async () => {
    const values = Array.from({ length: 20_000 }, (_, i) => `v${i}`);
    const res = await chat(chatWithSchema({ type: 'string', enum: values }));
    expectIssueAt(res, SCHEMA);
    expectMatchesContract('chatRequest', 400, res.body);
  });

  it('an enum of 100,000 values → 400 naming …/schema/enum (over the 100,000 values a body may hold)', async () => {
    const values = Array.from({ length: 100_000 }, (_, i) => `v${i}`);
    const res = await chat(chatWithSchema({ type: 'string', enum: values }));
    expect(res.body).toMatchObject({
      errors: [{ path: `${SCHEMA}/enum`, message: 'the JSON holds more than 100000 values' }],
    });
    expectMatchesContract('chatRequest', 400, res.body);
  });

  it('an enum of 1,000 short values (within the size) → 400 naming …/schema/enum', async () => {
    const values = Array.from({ length: 1000 }, (_, i) => i);
    const res = await chat(chatWithSchema({ enum: values }));
    expectIssueAt(res, `${SCHEMA}/enum`);
  });

  it('a short pattern demanding 50,000,000 characters → 400 naming the schema, within the budget', async () => {
    const res = await chat(chatWithSchema({ type: 'string', pattern: '^a{50000000}$' }));
    expectIssueAt(res, SCHEMA, { prefix: true });
    expectMatchesContract('chatRequest', 400, res.body);
  });

  it('a pattern over 256 characters → 400 naming …/schema/pattern', async () => {
    const res = await chat(chatWithSchema({ type: 'string', pattern: `^${'a'.repeat(300)}$` }));
    expectIssueAt(res, `${SCHEMA}/pattern`);
  });

  it('a schema over 65,536 bytes of JSON → 400 naming …/schema', async () => {
    const properties = Object.fromEntries(
      Array.from({ length: 200 }, (_, i) => [`p${i}`, { type: 'string', description: 'd'.repeat(400) }]),
    );
    const schema = { type: 'object', properties };
    expect(JSON.stringify(schema).length).toBeGreaterThan(65_536);
    const res = await chat(chatWithSchema(schema));
    expectIssueAt(res, SCHEMA);
    expectMatchesContract('chatRequest', 400, res.body);
  });

  it('subschemas nested deeper than 16 → 400 naming …/schema', async () => {
    const res = await chat(chatWithSchema(nested(20)));
    expectIssueAt(res, SCHEMA, { prefix: true });
    expectMatchesContract('chatRequest', 400, res.body);
  });

  it('a small, sane schema still answers 200 with a contract-valid body', async () => {
    const schema = {
      type: 'object',
      properties: {
        summary: { type: 'string' },
        sentiment: { type: 'string', enum: ['positive', 'negative'] },
      },
      required: ['summary', 'sentiment'],
      additionalProperties: false,
    };
    const res = await chat(chatWithSchema(schema));
    expect(res.status).toBe(200);
    expectMatchesContract('chatRequest', 200, res.body);
  });
});
