/**
 * The admin API's two kinds of administration as a matrix: every admin operation called over real
 * HTTP by five callers on a server two accounts share, each after both accounts have made
 * requests, rules, fixtures and agents of their own (each marked with a secret of its account):
 * - `own`: account 1's admin (scope `admin`), acting on account 1's records;
 * - `other`: account 2's admin (scope `*`), the same request: it must never reach account 1's;
 * - `operator`: the server's operator, who reaches everything;
 * - `platform`: a token of platform scopes only (403); `none`: no token (401).
 * Besides the status and the contract's shape, every answer an account's admin gets is searched
 * for the other account's secret (and that of a request no token authenticated): it never appears.
 * Used on one instance (test/routes, both stores) and on two sharing a Redis (test/redis), where
 * the records are made through one instance and the matrix calls the other.
 */
import type { AdminOperationId, JournalEntry } from '@assistant-platform/types/admin';
import { expect } from 'vitest';
import {
  type Answer,
  accountToken,
  CALLERS,
  type Caller,
  call,
  MARK,
  readStream,
  type Setup,
  setUp,
  tokenOf,
} from './admin-matrix-setup.js';
import { ADMIN_OPERATION_IDS } from './admin-operations.js';
import { expectMatchesAdminContract } from './contract.js';
import { TEST_TOKENS, testChatBody } from './fixtures.js';

/**
 * What a matrix's servers need: limits above its thousands of requests a minute by a few tokens,
 * and its hundred requests without a token from one address.
 */
export const MATRIX_ENV = { RATE_LIMIT_MAX: '1000000', AUTH_FAILURE_LIMIT_MAX: '1000000' };

/** The instances a matrix runs on: records are made through `setup`, the matrix calls `call`. */
export interface Origins {
  setup: string;
  call: string;
}

/** The callers that administer something: an account's admins and the operator. */
type Admin = Exclude<Caller, 'platform' | 'none'>;

interface Cell {
  caller: Admin;
  answer: Answer;
  setup: Setup;
  origins: Origins;
}

interface MatrixCase {
  request(setup: Setup): { method: string; path: string; body?: unknown };
  status: Record<Caller, number>;
  /** What the answer and the server afterwards must show, per administering caller. */
  check?(cell: Cell): Promise<void>;
}

const OPEN = { own: 200, other: 200, operator: 200, platform: 403, none: 401 };
const CREATED = { own: 201, other: 201, operator: 201, platform: 403, none: 401 };
const OPERATORS_ONLY = { own: 403, other: 403, operator: 200, platform: 403, none: 401 };
/** Account 1's record by id: its admin and operators reach it, account 2's admin finds nothing. */
const ACCOUNT_ONES = { own: 200, other: 404, operator: 200, platform: 403, none: 401 };

const asOperator = (origins: Origins, method: string, path: string, body?: unknown) =>
  call(origins.call, method, path, TEST_TOKENS.operator, body);

/** Which accounts' records the operator now sees in a list (null: no account's). */
async function owners(origins: Origins, path: string, key: string): Promise<(number | null)[]> {
  const listed = (await asOperator(origins, 'GET', path)).json as {
    data: Record<string, { accountId?: number | null; token?: { accountId: number } | null }[]>;
  };
  const items = listed.data[key] ?? [];
  return items.map((item) =>
    key === 'requests' ? (item.token?.accountId ?? null) : (item.accountId ?? null),
  );
}

const platformGet = (origins: Origins, token: string, path: string) =>
  call(origins.call, 'GET', `/v1${path}`, token);

const chatContent = async (origins: Origins, token: string) =>
  (
    (await call(origins.call, 'POST', '/v1/agents/chat/request', token, testChatBody())).json as {
      data: { request: { message: { content: string } }[] };
    }
  ).data.request[0]?.message.content;

/** What each caller's view holds of the records set up: account 1's, 2's, or all. */
const expectedOwners: Record<Admin, number[]> = { own: [1], other: [2], operator: [1, 2] };

export const MATRIX: Record<AdminOperationId, MatrixCase> = {
  listRequests: {
    request: () => ({ method: 'GET', path: '/_admin/requests' }),
    status: OPEN,
    async check({ caller, answer }) {
      const accounts = new Set(
        (answer.json as { data: { requests: JournalEntry[] } }).data.requests.map(
          (e) => e.token?.accountId ?? null,
        ),
      );
      expect([...accounts].sort()).toEqual(caller === 'operator' ? [1, 2, null] : expectedOwners[caller]);
    },
  },
  findRequests: {
    request: () => ({ method: 'POST', path: '/_admin/requests/find', body: { bodyContains: MARK[1] } }),
    status: OPEN,
    async check({ caller, answer }) {
      // Account 1's chat and its new agent carry its secret.
      expect((answer.json as { data: { count: number } }).data.count).toBe(caller === 'other' ? 0 : 2);
    },
  },
  clearRequests: {
    request: () => ({ method: 'DELETE', path: '/_admin/requests' }),
    status: OPEN,
    async check({ caller, answer, origins }) {
      expect((answer.json as { data: { removed: number } }).data.removed).toBe(caller === 'operator' ? 5 : 2);
      const left = (await owners(origins, '/_admin/requests', 'requests')).sort();
      expect(left).toEqual({ own: [2, 2, null], other: [1, 1, null], operator: [] }[caller]);
    },
  },
  streamRequests: {
    request: () => ({ method: 'GET', path: '/_admin/requests/stream' }),
    status: OPEN,
  },
  summarizeViolations: {
    request: () => ({ method: 'GET', path: '/_admin/violations' }),
    status: OPERATORS_ONLY,
  },
  clearViolations: {
    request: () => ({ method: 'DELETE', path: '/_admin/violations' }),
    status: OPERATORS_ONLY,
  },
  reset: {
    request: () => ({ method: 'POST', path: '/_admin/reset' }),
    status: OPEN,
    async check({ caller, setup, origins }) {
      const kept = { own: [2], other: [1], operator: [] }[caller] as number[];
      // The journal first: the requests below are journaled too.
      const journal = (await owners(origins, '/_admin/requests', 'requests')).filter((a) => a !== null);
      expect([...new Set(journal)]).toEqual(kept);
      for (const account of [1, 2] as const)
        expect(
          (await platformGet(origins, accountToken[account], `/agents/view/${setup.agents[account]}`)).status,
        ).toBe(kept.includes(account) ? 200 : 404);
      expect(await owners(origins, '/_admin/faults', 'faults')).toEqual(kept);
      expect(await owners(origins, '/_admin/chat-fixtures', 'fixtures')).toEqual(kept);
    },
  },
  exportState: {
    request: () => ({ method: 'GET', path: '/_admin/state' }),
    status: OPEN,
    async check({ caller, answer }) {
      const state = (
        answer.json as {
          data: {
            accounts: { id: number }[];
            tokens: { accountId: number; scopes: string[] }[];
            agents: { accountId: number }[];
          };
        }
      ).data;
      expect(state.accounts.map((account) => account.id)).toEqual(expectedOwners[caller]);
      expect([...new Set(state.agents.map((agent) => agent.accountId))].sort()).toEqual(
        expectedOwners[caller],
      );
      // The operators' tokens are the server's: no account's admin sees them.
      expect(state.tokens.some((token) => token.scopes.includes('operator'))).toBe(caller === 'operator');
    },
  },
  importState: {
    // Account 1's own export, without its new agent.
    request: (setup) => ({ method: 'PUT', path: '/_admin/state', body: setup.accountOneWithoutAgent }),
    status: { own: 200, other: 400, operator: 400, platform: 403, none: 401 },
    async check({ caller, answer, setup, origins }) {
      const oneAgent = await platformGet(origins, accountToken[1], `/agents/view/${setup.agents[1]}`);
      expect(oneAgent.status).toBe(caller === 'own' ? 404 : 200);
      // Account 2's data and tokens are untouched, whoever imported.
      expect((await platformGet(origins, accountToken[2], `/agents/view/${setup.agents[2]}`)).status).toBe(
        200,
      );
      const errors = (answer.json as { errors?: { path: string; message: string }[] }).errors ?? [];
      if (caller === 'other') expect(errors.map((e) => e.path)).toContain('/accounts/0/id');
      // The operator's token is not in an account's export: that import would lock it out.
      if (caller === 'operator')
        expect(errors).toEqual([
          { path: '/tokens', message: expect.stringMatching(/no import locks you out/) },
        ]);
    },
  },
  listFaults: {
    request: () => ({ method: 'GET', path: '/_admin/faults' }),
    status: OPEN,
    async check({ caller, answer }) {
      const rules = (answer.json as { data: { faults: { accountId: number | null }[] } }).data.faults;
      expect(rules.map((rule) => rule.accountId)).toEqual(expectedOwners[caller]);
    },
  },
  addFault: {
    request: () => ({
      method: 'POST',
      path: '/_admin/faults',
      body: { match: { path: '/v1/agents/view/*' }, fault: { code: 503 } },
    }),
    status: CREATED,
    async check({ caller, answer, origins }) {
      const owner = { own: 1, other: 2, operator: null }[caller];
      expect((answer.json as { data: { accountId: number | null } }).data.accountId).toBe(owner);
      // Each account reads an agent of its own (1 is account 1's, 3 account 2's).
      for (const [account, agent] of [
        [1, 1],
        [2, 3],
      ] as const) {
        const hit = owner === null || owner === account;
        const answer = await platformGet(origins, accountToken[account], `/agents/view/${agent}`);
        expect(answer.status, `account ${account}`).toBe(hit ? 503 : 200);
      }
    },
  },
  clearFaults: {
    request: () => ({ method: 'DELETE', path: '/_admin/faults' }),
    status: OPEN,
    async check({ caller, answer, origins }) {
      expect((answer.json as { data: { removed: number } }).data.removed).toBe(caller === 'operator' ? 2 : 1);
      expect(await owners(origins, '/_admin/faults', 'faults')).toEqual(
        { own: [2], other: [1], operator: [] }[caller],
      );
    },
  },
  updateFault: {
    // Account 1's rule (on `/v1/<its secret>`) turned onto a path both accounts call.
    request: (setup) => ({
      method: 'PATCH',
      path: `/_admin/faults/${setup.rules[1]}`,
      body: { match: { path: '/v1/agents/view/*' }, fault: { code: 503 } },
    }),
    status: ACCOUNT_ONES,
    async check({ caller, origins }) {
      // Edited, it stays account 1's: only account 1's requests get it; untouched, nobody's do.
      for (const [account, agent] of [
        [1, 1],
        [2, 3],
      ] as const) {
        const hit = caller !== 'other' && account === 1;
        const viewed = await platformGet(origins, accountToken[account], `/agents/view/${agent}`);
        expect(viewed.status, `account ${account}`).toBe(hit ? 503 : 200);
      }
      expect(await owners(origins, '/_admin/faults', 'faults')).toEqual([1, 2]);
    },
  },
  removeFault: {
    request: (setup) => ({ method: 'DELETE', path: `/_admin/faults/${setup.rules[1]}` }),
    status: ACCOUNT_ONES,
    async check({ caller, origins }) {
      expect(await owners(origins, '/_admin/faults', 'faults')).toEqual(caller === 'other' ? [1, 2] : [2]);
    },
  },
  listChatFixtures: {
    request: () => ({ method: 'GET', path: '/_admin/chat-fixtures' }),
    status: OPEN,
    async check({ caller, answer }) {
      const fixtures = (answer.json as { data: { fixtures: { accountId: number | null }[] } }).data.fixtures;
      expect(fixtures.map((fixture) => fixture.accountId)).toEqual(expectedOwners[caller]);
    },
  },
  addChatFixture: {
    request: () => ({
      method: 'POST',
      path: '/_admin/chat-fixtures',
      body: { match: { messageContains: 'parcel' }, answer: { content: 'Scripted by the matrix.' } },
    }),
    status: CREATED,
    async check({ caller, origins }) {
      const owner = { own: 1, other: 2, operator: null }[caller];
      for (const account of [1, 2] as const) {
        const scripted = (await chatContent(origins, accountToken[account])) === 'Scripted by the matrix.';
        expect(scripted, `account ${account}`).toBe(owner === null || owner === account);
      }
    },
  },
  clearChatFixtures: {
    request: () => ({ method: 'DELETE', path: '/_admin/chat-fixtures' }),
    status: OPEN,
    async check({ caller, answer, origins }) {
      expect((answer.json as { data: { removed: number } }).data.removed).toBe(caller === 'operator' ? 2 : 1);
      expect(await owners(origins, '/_admin/chat-fixtures', 'fixtures')).toEqual(
        { own: [2], other: [1], operator: [] }[caller],
      );
    },
  },
  updateChatFixture: {
    // Account 1's fixture made to answer every chat; the matrix's chats are about parcels.
    request: (setup) => ({
      method: 'PATCH',
      path: `/_admin/chat-fixtures/${setup.fixtures[1]}`,
      body: { match: {}, answer: { content: 'Edited by the matrix.' } },
    }),
    status: ACCOUNT_ONES,
    async check({ caller, origins }) {
      for (const account of [1, 2] as const) {
        const scripted = (await chatContent(origins, accountToken[account])) === 'Edited by the matrix.';
        expect(scripted, `account ${account}`).toBe(caller !== 'other' && account === 1);
      }
      expect(await owners(origins, '/_admin/chat-fixtures', 'fixtures')).toEqual([1, 2]);
    },
  },
  removeChatFixture: {
    request: (setup) => ({ method: 'DELETE', path: `/_admin/chat-fixtures/${setup.fixtures[1]}` }),
    status: ACCOUNT_ONES,
    async check({ caller, origins }) {
      expect(await owners(origins, '/_admin/chat-fixtures', 'fixtures')).toEqual(
        caller === 'other' ? [1, 2] : [2],
      );
    },
  },
  createToken: {
    request: () => ({
      method: 'POST',
      path: '/_admin/tokens',
      body: { accountId: 1, name: 'matrix', scopes: ['agents:read'] },
    }),
    status: { own: 201, other: 404, operator: 201, platform: 403, none: 401 },
    async check({ caller, answer, origins }) {
      if (caller === 'other') return;
      const { token } = (answer.json as { data: { token: string } }).data;
      expect((await platformGet(origins, token, '/agents/view/1')).status).toBe(200);
    },
  },
  revokeToken: {
    // Account 1's `read` token (the test seed's third).
    request: () => ({ method: 'DELETE', path: '/_admin/tokens/3' }),
    status: ACCOUNT_ONES,
    async check({ caller, origins }) {
      expect((await platformGet(origins, TEST_TOKENS.read, '/agents/view/1')).status).toBe(
        caller === 'other' ? 200 : 401,
      );
    },
  },
  describeCaller: {
    request: () => ({ method: 'GET', path: '/_admin/caller' }),
    status: OPEN,
    async check({ caller, answer }) {
      expect((answer.json as { data: object }).data).toMatchObject(
        {
          own: { view: 'account', accountId: 1, tokenName: 'admin' },
          other: { view: 'account', accountId: 2, tokenName: 'other' },
          operator: { view: 'operator', accountId: 1, tokenName: 'operator' },
        }[caller] ?? {},
      );
    },
  },
  scrapeMetrics: {
    request: () => ({ method: 'GET', path: '/_admin/metrics' }),
    status: OPERATORS_ONLY,
    async check({ caller, answer }) {
      if (caller === 'operator') expect(answer.text).toContain('assistant_server_requests_total');
    },
  },
};

/** Every admin operation of the contract, each a row of the matrix (MATRIX's type demands one). */
export const MATRIX_OPERATIONS = ADMIN_OPERATION_IDS;

/** Runs one cell: records of both accounts, one call by `caller`, and what it must show. */
export async function runCell(
  origins: Origins,
  operationId: AdminOperationId,
  caller: Caller,
): Promise<void> {
  const setup = await setUp(origins.setup);
  const matrixCase = MATRIX[operationId];
  const expected = matrixCase.status[caller];
  if (operationId === 'streamRequests' && expected === 200) {
    await readStream(origins, caller);
    return;
  }
  const { method, path, body } = matrixCase.request(setup);
  const answer = await call(origins.call, method, path, tokenOf[caller], body);
  expect(answer.status, answer.text).toBe(expected);
  if (answer.json === undefined)
    expectMatchesAdminContract(operationId, answer.status, answer.text, 'text/plain');
  else expectMatchesAdminContract(operationId, answer.status, answer.json);
  // Whatever it answered, an account's admin never sees the other account's records.
  if (caller === 'own') for (const secret of [MARK[2], MARK.none]) expect(answer.text).not.toContain(secret);
  if (caller === 'other')
    for (const secret of [MARK[1], MARK.none]) expect(answer.text).not.toContain(secret);
  if (caller === 'own' || caller === 'other' || caller === 'operator')
    await matrixCase.check?.({ caller, answer, setup, origins });
}

export { CALLERS };
