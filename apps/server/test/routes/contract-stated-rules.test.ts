/**
 * Each rule a contract fuzzer met only in prose, now stated in the contract: the server's answer to
 * a request that breaks it, beside the keyword or example that says so. The numbers and wording are
 * read from the contracts here, so a test passes only while what the server does is what they say.
 */
import { adminDocument } from '@assistant-platform/types/admin';
import { openapiDocument } from '@assistant-platform/types/openapi-document';
import { describe, expect, it } from 'vitest';
import { expectMatchesAdminContract, expectMatchesContract } from '../helpers/contract.js';
import { auth, TEST_TOKENS, testChatBody, testSeed } from '../helpers/fixtures.js';
import { useTestApp } from '../helpers/test-app.js';

const app = useTestApp({ RATE_LIMIT_MAX: '100000' });

type Node = Record<string, any>;
const platform = openapiDocument as Node;
const admin = adminDocument as Node;
const json = { 'content-type': 'application/json' };

async function post(url: string, payload: unknown, token: string, headers: Record<string, string> = {}) {
  return app().inject({
    method: 'POST',
    url,
    payload: payload as object,
    headers: { ...auth(token), ...headers },
  });
}

describe('rules the contracts state as keywords, as the server enforces them', () => {
  it('x-json-text: a string with U+0000 answers 400 naming it', async () => {
    expect(platform['x-json-text'].forbiddenCharacters).toEqual(['\u0000']);
    const res = await post('/v1/agents/create', { name: 'a\u0000b', instruction: 'x' }, TEST_TOKENS.all);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ path: '/name', message: 'must not contain U+0000' }]);
    expectMatchesContract('createAgent', 400, res.json());
  });

  it('x-known-models: another model answers 400 listing the known ones', async () => {
    const known: string[] = platform.components.schemas.ChatModel['x-known-models'];
    const res = await post(
      '/v1/agents/chat/request',
      testChatBody({ model: 'gpt-nowhere' }),
      TEST_TOKENS.all,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      { path: '/model', message: `must be one of the known models: ${known.join(', ')}` },
    ]);
  });

  it('format re2: a pattern RE2 cannot run answers 400 naming messageMatches', async () => {
    expect(admin.components.schemas.ChatFixtureMatch.properties.messageMatches.format).toBe('re2');
    const res = await post(
      '/_admin/chat-fixtures',
      { match: { messageMatches: '(?<=a)b' }, answer: { content: 'x' } },
      TEST_TOKENS.admin,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      {
        path: '/match/messageMatches',
        message: 'must be an RE2 regular expression (no lookaround or backreferences)',
      },
    ]);
    expectMatchesAdminContract('addChatFixture', 400, res.json());
  });

  it('x-max-per-account: an account’s rule past the bound answers 400; another account still adds', async () => {
    const bound: number = admin.paths['/faults'].post['x-max-per-account'];
    const rule = { match: { path: '/v1/nowhere' }, fault: { code: 503 } };
    for (let i = 0; i < bound; i++)
      expect((await post('/_admin/faults', rule, TEST_TOKENS.admin)).statusCode).toBe(201);
    const refused = await post('/_admin/faults', rule, TEST_TOKENS.admin);
    expect(refused.statusCode).toBe(400);
    expectMatchesAdminContract('addFault', 400, refused.json());
    expect((await post('/_admin/faults', rule, TEST_TOKENS.operator)).statusCode).toBe(201);
    await app().inject({ method: 'DELETE', url: '/_admin/faults', headers: auth(TEST_TOKENS.operator) });
  });

  it('contentSchema: State.agents[].tools as a JSON string is validated as Tools', async () => {
    const tools = admin.components.schemas.StateAgent.properties.tools.oneOf[1];
    expect(tools.contentSchema).toEqual({ $ref: '#/components/schemas/Tools' });
    const agents = [{ ...testSeed.agents?.[0], tools: '[{"type":"no_such_tool"}]' }];
    const res = await app().inject({
      method: 'PUT',
      url: '/_admin/state',
      payload: { ...testSeed, agents },
      headers: { ...auth(TEST_TOKENS.operator), ...json },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.map((issue: { path: string }) => issue.path)).toEqual([
      expect.stringMatching(/^\/agents\/0\/tools/),
    ]);
  });
});

describe('the Idempotency-Key rules as the contract shows them', () => {
  const examples = platform.components.responses.IdempotentBadRequest.content['application/json'].examples;

  it('another body with the same key answers the keyReused example', async () => {
    const headers = { 'idempotency-key': 'contract-rules-1' };
    expect(
      (await post('/v1/agents/create', { name: 'a', instruction: 'x' }, TEST_TOKENS.all, headers)).statusCode,
    ).toBe(201);
    const res = await post('/v1/agents/create', { name: 'b', instruction: 'x' }, TEST_TOKENS.all, headers);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(examples.keyReused.value);
  });

  it('a key on a streamed chat answers the keyOnStream example', async () => {
    const res = await post('/v1/agents/chat/request', testChatBody({ stream: true }), TEST_TOKENS.all, {
      'idempotency-key': 'contract-rules-2',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(examples.keyOnStream.value);
  });
});
