import { ADMIN_OPERATIONS as ADMIN_CONTRACT_OPERATIONS } from '@assistant-platform/types/admin';
import { describe, expect, it } from 'vitest';
import { ADMIN_OPERATION_IDS, ADMIN_OPERATIONS } from '../helpers/admin-operations.js';
import { expectMatchesAdminContract } from '../helpers/contract.js';
import { auth, TEST_TOKENS } from '../helpers/fixtures.js';
import { useTestApp } from '../helpers/test-app.js';

const app = useTestApp();
const call = async (id: (typeof ADMIN_OPERATION_IDS)[number], headers: Record<string, string>) => {
  const op = ADMIN_OPERATIONS[id];
  if (!op.stream) return app().inject({ method: op.method, url: op.url, headers, payload: op.payload });
  // A stream never ends by itself: read an error's body, leave a stream once its head is seen.
  const res = await app().inject({ method: op.method, url: op.url, headers, payloadAsStream: true });
  const stream = res.stream();
  let body = '';
  if (res.statusCode === 200) stream.destroy();
  else for await (const chunk of stream) body += chunk;
  return { statusCode: res.statusCode, headers: res.headers, json: () => JSON.parse(body) as unknown };
};

describe('the admin API’s credentials', () => {
  it.each(ADMIN_OPERATION_IDS)('%s answers 401 for a missing or unknown token', async (id) => {
    for (const headers of [{}, auth('not-a-known-token')]) {
      const res = await call(id, headers);
      expect(res.statusCode).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer');
      expectMatchesAdminContract(id, 401, res.json());
    }
  });

  it.each(ADMIN_OPERATION_IDS)('%s answers 403 to a token without the admin scope', async (id) => {
    for (const token of [TEST_TOKENS.read, TEST_TOKENS.chat]) {
      const res = await call(id, auth(token));
      expect(res.statusCode).toBe(403);
      expectMatchesAdminContract(id, 403, res.json());
    }
  });

  it.each(ADMIN_OPERATION_IDS)('%s works for the operator', async (id) => {
    const res = await call(id, auth(TEST_TOKENS.operator));
    expect(res.statusCode).toBe(ADMIN_OPERATIONS[id].success);
    if (ADMIN_OPERATIONS[id].stream) expect(res.headers['content-type']).toMatch(/^text\/event-stream/);
    else if (ADMIN_OPERATIONS[id].text && 'body' in res)
      expectMatchesAdminContract(id, res.statusCode, res.body, 'text/plain');
    else expectMatchesAdminContract(id, res.statusCode, res.json());
    expect(res.headers['x-request-id']).toBeTruthy();
  });

  const operatorsOnly = ADMIN_OPERATION_IDS.filter(
    (id) => ADMIN_CONTRACT_OPERATIONS[id].scope === 'operator',
  );
  it.each(operatorsOnly)('%s answers 403 to an account’s admin, by scope admin or *', async (id) => {
    for (const token of [TEST_TOKENS.admin, TEST_TOKENS.all]) {
      const res = await call(id, auth(token));
      expect(res.statusCode).toBe(403);
      expectMatchesAdminContract(id, 403, res.json());
    }
  });

  it('does not let an admin token call the platform API', async () => {
    const res = await app().inject({ url: '/v1/agents/view/1', headers: auth(TEST_TOKENS.admin) });
    expect(res.statusCode).toBe(403);
  });

  it('ignores Prefer faults: the admin API keeps working while clients are broken', async () => {
    const res = await app().inject({
      url: '/_admin/faults',
      headers: { ...auth(TEST_TOKENS.admin), prefer: 'code=500' },
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('the admin API’s limits', () => {
  const limited = useTestApp({ RATE_LIMIT_MAX: '2', AUTH_FAILURE_LIMIT_MAX: '2' });

  it('is not rate limited per token, while the platform API is', async () => {
    for (let i = 0; i < 5; i++) {
      const res = await limited().inject({ url: '/_admin/requests', headers: auth(TEST_TOKENS.all) });
      expect(res.statusCode).toBe(200);
      expect(res.headers['ratelimit-remaining']).toBeUndefined();
    }
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++)
      statuses.push(
        (await limited().inject({ url: '/v1/agents/view/1', headers: auth(TEST_TOKENS.all) })).statusCode,
      );
    expect(statuses).toEqual([200, 200, 429]);
  });

  it('still answers 429 to the bad tokens of an address that failed too often, and serves its valid ones', async () => {
    const headers = auth('guessed-token-123');
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++)
      statuses.push(
        (await limited().inject({ url: '/_admin/state', headers, remoteAddress: '10.0.0.9' })).statusCode,
      );
    expect(statuses).toEqual([401, 401, 429]);
    const valid = await limited().inject({
      url: '/_admin/state',
      headers: auth(TEST_TOKENS.admin),
      remoteAddress: '10.0.0.9',
    });
    expect(valid.statusCode).toBe(200);
  });

  it('answers every admin operation’s bad token 429 past the limit, as each operation declares', async () => {
    const remoteAddress = '10.0.0.10';
    const headers = auth('another-guess-456');
    for (let i = 0; i < 2; i++)
      expect((await limited().inject({ url: '/_admin/caller', headers, remoteAddress })).statusCode).toBe(
        401,
      );
    for (const operationId of ADMIN_OPERATION_IDS) {
      const { method, url, payload } = ADMIN_OPERATIONS[operationId];
      const res = await limited().inject({
        method,
        url,
        headers,
        remoteAddress,
        ...(payload ? { payload } : {}),
      });
      expect(res.statusCode, operationId).toBe(429);
      expect(res.headers['retry-after'], operationId).toMatch(/^[1-9][0-9]*$/);
      expectMatchesAdminContract(operationId, 429, res.json());
    }
  });
});
