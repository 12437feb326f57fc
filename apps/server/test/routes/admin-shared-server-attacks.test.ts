/**
 * The attacks found on a shared staging server (the dev seed's two accounts, over real HTTP), one
 * regression test each: a token of account 2 with only `admin` (and the seed's `*` token of
 * account 2) could read account 1's chats, export everyone's data, mint and revoke account 1's
 * tokens, fail account 1's requests with a fault rule, reset or replace all data; and an import
 * without an admin token locked everyone out. Each now stays within account 2, or is refused.
 */
import { fileURLToPath } from 'node:url';
import type { State } from '@assistant-platform/types/admin';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { hashToken } from '../../src/db/token-hash.js';
import { type Answer, call } from '../helpers/admin-matrix-setup.js';
import { expectMatchesAdminContract } from '../helpers/contract.js';
import { testChatBody } from '../helpers/fixtures.js';
import { serverModule } from '../helpers/server-module.js';
import { testDatabaseUrl } from '../helpers/test-store.js';

const DEV_SEED = fileURLToPath(new URL('../../../../seed/dev.json', import.meta.url));
/** The dev seed's tokens: account 1's (`*` and `operator`), account 2's (`*`). */
const OPERATOR = 'dev-token';
const GLOBEX = 'globex-token';
const SECRET = 'Never mention the merger with Initech';
const CARD = '4111 1111 1111 1111';

let app: FastifyInstance;
let origin: string;
/** A token of account 2 with only `admin`, made before each test. */
let attacker: string;

const as = (token: string | undefined, method: string, path: string, body?: unknown) =>
  call(origin, method, path, token, body);
const dataOf = <T>(answer: Answer) => (answer.json as { data: T }).data;
const accountOneChat = () =>
  as(
    OPERATOR,
    'POST',
    '/v1/agents/chat/request',
    testChatBody({
      instruction: SECRET,
      message: { role: 'user', content: [{ type: 'text', text: `My card is ${CARD}` }] },
    }),
  );

beforeAll(async () => {
  const config = serverModule.loadConfig({ DATABASE_URL: await testDatabaseUrl(), LOG_LEVEL: 'silent' });
  app = await serverModule.build(config, { seed: DEV_SEED });
  origin = await app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => app.close());

beforeEach(async () => {
  expect((await as(OPERATOR, 'POST', '/_admin/reset')).status).toBe(200);
  const minted = await as(OPERATOR, 'POST', '/_admin/tokens', {
    accountId: 2,
    name: 'attacker',
    scopes: ['admin'],
  });
  expect(minted.status).toBe(201);
  attacker = dataOf<{ token: string }>(minted).token;
});

describe('on a server two accounts share, account 2’s admin', () => {
  it('does not read account 1’s chat bodies in the journal', async () => {
    expect((await accountOneChat()).status).toBe(200);
    for (const token of [attacker, GLOBEX]) {
      const listed = await as(token, 'GET', '/_admin/requests');
      expect(listed.status).toBe(200);
      expect(listed.text).not.toContain('merger');
      expect(listed.text).not.toContain(CARD);
      const found = await as(token, 'POST', '/_admin/requests/find', { bodyContains: CARD });
      expect(dataOf<{ count: number }>(found).count).toBe(0);
    }
    // The operator still sees it: the journal kept it.
    const found = await as(OPERATOR, 'POST', '/_admin/requests/find', { bodyContains: CARD });
    expect(dataOf<{ count: number }>(found).count).toBe(1);
  });

  it('exports its own account’s data, nobody else’s', async () => {
    for (const token of [attacker, GLOBEX]) {
      const exported = await as(token, 'GET', '/_admin/state');
      expect(exported.status).toBe(200);
      expectMatchesAdminContract('exportState', 200, exported.json);
      const state = dataOf<State>(exported);
      expect(state.accounts?.map((account) => account.id)).toEqual([2]);
      expect(state.agents?.map((agent) => agent.name)).toEqual(['Globex sales']);
      expect(exported.text).not.toContain('Support triage');
      expect(exported.text).not.toContain(hashToken(OPERATOR));
      expect(state.transcriptions).toEqual([]);
    }
  });

  it('cannot mint a token for account 1, nor one with operator, and what it mints stays in account 2', async () => {
    const forOne = await as(attacker, 'POST', '/_admin/tokens', { accountId: 1, scopes: ['*'] });
    expect(forOne.status).toBe(404);
    for (const scopes of [['operator'], ['*', 'operator']]) {
      const operator = await as(attacker, 'POST', '/_admin/tokens', { accountId: 2, scopes });
      expect(operator.status).toBe(403);
      expectMatchesAdminContract('createToken', 403, operator.json);
    }
    // Nor through an import of its own account.
    const own = dataOf<State>(await as(attacker, 'GET', '/_admin/state'));
    const smuggled = await as(attacker, 'PUT', '/_admin/state', {
      ...own,
      tokens: [...(own.tokens ?? []), { token: 'smuggled-operator', accountId: 2, scopes: ['operator'] }],
    });
    expect(smuggled.status).toBe(400);
    expect((smuggled.json as { errors: { path: string }[] }).errors.map((e) => e.path)).toContain(
      `/tokens/${own.tokens?.length}/scopes`,
    );
    const minted = dataOf<{ token: string }>(await as(attacker, 'POST', '/_admin/tokens', { accountId: 2 }));
    expect((await as(minted.token, 'GET', '/v1/agents/view/1')).status).toBe(403);
    expect((await as(minted.token, 'GET', '/_admin/violations')).status).toBe(403);
    expect(dataOf<{ view: string }>(await as(minted.token, 'GET', '/_admin/caller')).view).toBe('account');
  });

  it('cannot revoke account 1’s tokens; account 1’s admin cannot revoke the operators’', async () => {
    const tokens = dataOf<State>(await as(OPERATOR, 'GET', '/_admin/state')).tokens ?? [];
    const idOf = (token: string) => tokens.find((entry) => entry.tokenHash === hashToken(token))?.id;
    for (const token of [OPERATOR, 'dev-readonly-token']) {
      const revoked = await as(attacker, 'DELETE', `/_admin/tokens/${idOf(token)}`);
      expect(revoked.status).toBe(404);
    }
    expect((await as('dev-readonly-token', 'GET', '/v1/agents/view/1')).status).toBe(200);
    // The operator's token lives in account 1, but is the server's: account 1's admin leaves it be.
    const oneAdmin = dataOf<{ token: string }>(
      await as(OPERATOR, 'POST', '/_admin/tokens', { accountId: 1, scopes: ['admin'] }),
    ).token;
    expect((await as(oneAdmin, 'DELETE', `/_admin/tokens/${idOf(OPERATOR)}`)).status).toBe(404);
    expect((await as(oneAdmin, 'DELETE', `/_admin/tokens/${idOf('dev-readonly-token')}`)).status).toBe(200);
    expect((await as(OPERATOR, 'GET', '/v1/agents/view/1')).status).toBe(200);
  });

  it('adds fault rules and chat fixtures that fail or answer only account 2’s requests', async () => {
    const rule = await as(attacker, 'POST', '/_admin/faults', {
      match: { path: '/v1/*' },
      fault: { code: 503 },
    });
    expect(rule.status).toBe(201);
    expect(dataOf<{ accountId: number }>(rule).accountId).toBe(2);
    expect((await as(OPERATOR, 'GET', '/v1/agents/view/1')).status).toBe(200);
    expect((await as('dev-readonly-token', 'GET', '/v1/agents/view/1')).status).toBe(200);
    expect((await as(GLOBEX, 'GET', '/v1/agents/view/3')).status).toBe(503);
    await as(attacker, 'DELETE', '/_admin/faults');
    await as(attacker, 'POST', '/_admin/chat-fixtures', {
      match: {},
      answer: { content: 'Wire the money.' },
    });
    const chat = await accountOneChat();
    expect(
      dataOf<{ request: { message: { content: string } }[] }>(chat).request[0]?.message.content,
    ).not.toBe('Wire the money.');
  });

  it('resets and replaces account 2’s data only', async () => {
    const made = await as(OPERATOR, 'POST', '/v1/agents/create', {
      name: 'Made since start-up',
      instruction: 'x',
    });
    const id = dataOf<{ id: number }>(made).id;
    expect((await as(attacker, 'POST', '/_admin/reset')).status).toBe(400);
    // Its own start-up token resets (the attacker's, made since, would be gone: refused above).
    expect((await as(GLOBEX, 'POST', '/_admin/reset')).status).toBe(200);
    expect((await as(OPERATOR, 'GET', `/v1/agents/view/${id}`)).status).toBe(200);
    // Replacing account 1's data is refused entry by entry; its own data alone is replaced.
    const everything = dataOf<State>(await as(OPERATOR, 'GET', '/_admin/state'));
    const replaced = await as(GLOBEX, 'PUT', '/_admin/state', { ...everything, agents: [] });
    expect(replaced.status).toBe(400);
    expectMatchesAdminContract('importState', 400, replaced.json);
    expect((await as(OPERATOR, 'GET', `/v1/agents/view/${id}`)).status).toBe(200);
    const own = dataOf<State>(await as(GLOBEX, 'GET', '/_admin/state'));
    expect((await as(GLOBEX, 'PUT', '/_admin/state', { ...own, agents: [] })).status).toBe(200);
    expect((await as(GLOBEX, 'GET', '/v1/agents/view/3')).status).toBe(404);
    expect((await as(OPERATOR, 'GET', `/v1/agents/view/${id}`)).status).toBe(200);
    expect((await as(OPERATOR, 'GET', '/v1/agents/view/1')).status).toBe(200);
  });
});

describe('an import that would lock its caller out', () => {
  const refusedRule = [{ path: '/tokens', message: expect.stringMatching(/no import locks you out/) }];

  it('is refused, naming the rule, and every token keeps working', async () => {
    const everything = dataOf<State>(await as(OPERATOR, 'GET', '/_admin/state'));
    const tokens = everything.tokens ?? [];
    const dev = (change: object) =>
      tokens.map((token) => (token.tokenHash === hashToken(OPERATOR) ? { ...token, ...change } : token));
    for (const state of [
      { tokens: [] },
      { ...everything, tokens: [] },
      { ...everything, tokens: dev({ scopes: ['*'] }) },
      { ...everything, tokens: dev({ revokedAt: '2025-01-01T00:00:00.000Z' }) },
    ]) {
      const refused = await as(OPERATOR, 'PUT', '/_admin/state', state);
      expect(refused.status).toBe(400);
      expectMatchesAdminContract('importState', 400, refused.json);
      expect((refused.json as { errors: unknown }).errors).toEqual(refusedRule);
    }
    expect((await as(OPERATOR, 'GET', '/v1/agents/view/1')).status).toBe(200);
    expect((await as(GLOBEX, 'GET', '/v1/agents/view/3')).status).toBe(200);
    expect((await as(OPERATOR, 'GET', '/_admin/caller')).status).toBe(200);
  });

  it('is refused to an account’s admin too, and so is a reset that would drop its token', async () => {
    const own = dataOf<State>(await as(GLOBEX, 'GET', '/_admin/state'));
    const refused = await as(GLOBEX, 'PUT', '/_admin/state', { ...own, tokens: [] });
    expect(refused.status).toBe(400);
    expect((refused.json as { errors: unknown }).errors).toEqual(refusedRule);
    const reset = await as(attacker, 'POST', '/_admin/reset');
    expect(reset.status).toBe(400);
    expectMatchesAdminContract('reset', 400, reset.json);
    expect((reset.json as { errors: unknown }).errors).toEqual(refusedRule);
    expect((await as(attacker, 'GET', '/_admin/caller')).status).toBe(200);
  });
});
