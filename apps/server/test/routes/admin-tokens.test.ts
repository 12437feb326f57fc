import { describe, expect, it } from 'vitest';
import { expectMatchesAdminContract } from '../helpers/contract.js';
import { auth, TEST_TOKENS } from '../helpers/fixtures.js';
import { useTestApp } from '../helpers/test-app.js';

const app = useTestApp();
const admin = auth(TEST_TOKENS.operator);

const create = (payload: object) =>
  app().inject({ method: 'POST', url: '/_admin/tokens', headers: admin, payload });

describe('POST /_admin/tokens', () => {
  it('answers a new token once, which then works with exactly its scopes', async () => {
    const res = await create({ accountId: 1, name: 'dashboard', scopes: ['agents:read'] });
    expect(res.statusCode).toBe(201);
    expectMatchesAdminContract('createToken', 201, res.json());
    const { token, record } = res.json().data;
    expect(record).toMatchObject({
      accountId: 1,
      name: 'dashboard',
      scopes: ['agents:read'],
      revokedAt: null,
    });
    expect((await app().inject({ url: '/v1/agents/view/1', headers: auth(token) })).statusCode).toBe(200);
    const chat = await app().inject({ method: 'POST', url: '/v1/agents/chat/request', headers: auth(token) });
    expect(chat.statusCode).toBe(403);
    const state = await app().inject({ url: '/_admin/state', headers: admin });
    const listed = state.json().data.tokens.find((t: { id: number }) => t.id === record.id);
    expect(listed).toMatchObject({ name: 'dashboard' });
    expect(JSON.stringify(state.json())).not.toContain(token);
  });

  it('fills in the declared defaults: every scope, named admin-api', async () => {
    const res = await create({ accountId: 2 });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.record).toMatchObject({ accountId: 2, name: 'admin-api', scopes: ['*'] });
  });

  it('answers 404 for an unknown account and 400 naming a bad field', async () => {
    const unknown = await create({ accountId: 99 });
    expect(unknown.statusCode).toBe(404);
    expectMatchesAdminContract('createToken', 404, unknown.json());
    const bad = await create({ accountId: 1, scopes: ['root'] });
    expect(bad.statusCode).toBe(400);
    expectMatchesAdminContract('createToken', 400, bad.json());
    expect(bad.json().errors[0].path).toMatch(/scopes/);
  });
});

describe('DELETE /_admin/tokens/{id}', () => {
  it('revokes a token: it answers 401 from then on, and a second revoke is 404', async () => {
    const { token, record } = (await create({ accountId: 1, scopes: ['agents:read'] })).json().data;
    const res = await app().inject({ method: 'DELETE', url: `/_admin/tokens/${record.id}`, headers: admin });
    expect(res.statusCode).toBe(200);
    expectMatchesAdminContract('revokeToken', 200, res.json());
    expect(res.json().data.revokedAt).not.toBeNull();
    expect((await app().inject({ url: '/v1/agents/view/1', headers: auth(token) })).statusCode).toBe(401);
    const again = await app().inject({
      method: 'DELETE',
      url: `/_admin/tokens/${record.id}`,
      headers: admin,
    });
    expect(again.statusCode).toBe(404);
    expectMatchesAdminContract('revokeToken', 404, again.json());
  });
});
