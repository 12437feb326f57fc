import { describe, expect, it } from 'vitest';
import { expectMatchesContract } from '../helpers/contract.js';
import { auth, TEST_TOKENS } from '../helpers/fixtures.js';
import { useTestApp } from '../helpers/test-app.js';

const app = useTestApp();
const post = (payload: string | Buffer, headers: Record<string, string> = {}) =>
  app().inject({
    method: 'POST',
    url: '/v1/agents/create',
    headers: { ...auth(TEST_TOKENS.all), 'content-type': 'application/json', ...headers },
    payload,
  });

async function expectBadRequest(
  payload: string | Buffer,
  message: RegExp,
  headers: Record<string, string> = {},
) {
  const res = await post(payload, headers);
  expect(res.statusCode).toBe(400);
  expectMatchesContract('createAgent', 400, res.json());
  expect(res.json().errors[0].message).toMatch(message);
  return res;
}

describe('hostile and broken input', () => {
  it('malformed JSON → 400', async () => {
    await expectBadRequest('{"name": "a", ', /not valid JSON/);
  });

  it('an empty body → 400', async () => {
    await expectBadRequest('', /empty/);
  });

  it('wrong types → 400 naming each field', async () => {
    const res = await expectBadRequest('{"name": 1, "instruction": [], "knowledgeBaseId": "12"}', /must be/);
    expect(
      res
        .json()
        .errors.map((e: { path: string }) => e.path)
        .sort(),
    ).toEqual(['/instruction', '/knowledgeBaseId', '/name']);
  });

  it('a body over 10 MiB → 400', async () => {
    await expectBadRequest(
      JSON.stringify({ name: 'a', instruction: 'x'.repeat(10 * 1024 * 1024) }),
      /10 MiB/,
    );
  });

  it('deep nesting → 400', async () => {
    await expectBadRequest(
      `{"name":"a","instruction":"b","tools":${'['.repeat(5000)}${']'.repeat(5000)}}`,
      /nested deeper/,
    );
  });

  it('__proto__ and constructor.prototype keys → 400', async () => {
    await expectBadRequest('{"name":"a","instruction":"b","__proto__":{"polluted":true}}', /__proto__/);
    await expectBadRequest(
      '{"name":"a","instruction":"b","constructor":{"prototype":{"polluted":true}}}',
      /__proto__/,
    );
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('invalid UTF-8 → 400', async () => {
    await expectBadRequest(
      Buffer.from([0x7b, 0x22, 0x6e, 0x61, 0x6d, 0x65, 0x22, 0x3a, 0x22, 0xc3, 0x28, 0x22, 0x7d]),
      /UTF-8/,
    );
  });

  it('a huge array → 400 with a bounded list of errors', async () => {
    const res = await expectBadRequest(
      JSON.stringify({ name: 'a', instruction: 'b', intents: Array.from({ length: 100_000 }, () => 7) }),
      /.+/,
    );
    expect(res.json().errors.length).toBeLessThanOrEqual(50);
  });

  it('a non-JSON content type → 400 naming the header', async () => {
    const res = await expectBadRequest('name=a', /application\/json/, { 'content-type': 'text/plain' });
    expect(res.json().errors[0].path).toBe('header.content-type');
  });

  it("a malformed URL or an over-long id → 400 envelope, not Fastify's own shape", async () => {
    for (const url of ['/v1/agents/view/%E0%A4%A', `/v1/agents/view/${'9'.repeat(1000)}`]) {
      const res = await app().inject({ url, headers: auth(TEST_TOKENS.all) });
      expect(res.statusCode).toBe(400);
      expectMatchesContract('getAgent', 400, res.json());
      expect(res.headers['x-request-id']).toBeTruthy();
    }
  });

  it('keeps answering after all of the above', async () => {
    const res = await post(JSON.stringify({ name: 'Still here', instruction: 'x' }));
    expect(res.statusCode).toBe(201);
  });
});
