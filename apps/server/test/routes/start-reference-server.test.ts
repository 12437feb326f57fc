/**
 * `startReferenceServer()` as a product team's suite uses it: the tokens it hands out, its admin
 * client over the admin API, start-up fixtures that a reset puts back, and a state carried to a
 * second server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_TOKENS, testChatBody } from '../helpers/fixtures.js';
import { serverModule } from '../helpers/server-module.js';
import { testDatabaseUrl } from '../helpers/test-store.js';

type ReferenceServer = Awaited<ReturnType<typeof serverModule.startReferenceServer>>;

const get = (server: ReferenceServer, path: string, token: string) =>
  fetch(`${server.baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });

const chat = (server: ReferenceServer, text: string) =>
  fetch(`${server.baseUrl}/agents/chat/request`, {
    method: 'POST',
    headers: { authorization: `Bearer ${server.tokens.chat}`, 'content-type': 'application/json' },
    body: JSON.stringify(testChatBody({ message: { role: 'user', content: [{ type: 'text', text }] } })),
  });

const contentOf = async (answer: Response) =>
  ((await answer.json()) as { data: { request: { message: { content: string } }[] } }).data.request[0]
    ?.message.content;

describe('startReferenceServer() with the test seed', () => {
  let server: ReferenceServer;
  beforeAll(async () => {
    server = await serverModule.startReferenceServer({
      env: { DATABASE_URL: await testDatabaseUrl() },
      chatFixtures: [{ match: { messageContains: 'parcel' }, answer: { content: 'Ships today.' } }],
    });
  });
  afterAll(() => server.close());

  it('hands out the test seed’s tokens by name, and an API base URL', async () => {
    expect(server.tokens).toEqual(TEST_TOKENS);
    expect(server.baseUrl).toBe(`${server.url}/v1`);
    expect((await get(server, '/agents/view/1', server.tokens.read as string)).status).toBe(200);
  });

  it('shows what was sent, newest first, filtered or matched', async () => {
    await server.admin.clearRequests();
    await get(server, '/agents/view/1', TEST_TOKENS.read);
    await get(server, '/agents/view/999', TEST_TOKENS.read);
    const entries = await server.admin.requests({ path: '/v1/agents/view/*' });
    expect(entries.map((entry) => [entry.path, entry.status, entry.token?.name])).toEqual([
      ['/v1/agents/view/999', 404, 'read'],
      ['/v1/agents/view/1', 200, 'read'],
    ]);
    expect((await server.admin.find({ status: 404 })).count).toBe(1);
  });

  it('answers with its start-up fixtures, and a reset puts back those and the data', async () => {
    expect(await contentOf(await chat(server, 'Where is my parcel?'))).toBe('Ships today.');
    // Disabled, the start-up fixture lets the engine answer; enabled, it answers again.
    const [startup] = await server.admin.fixtures.list();
    expect(await server.admin.fixtures.update(startup?.id ?? 0, { enabled: false })).toMatchObject({
      enabled: false,
      used: 1,
    });
    expect(await contentOf(await chat(server, 'Where is my parcel?'))).not.toBe('Ships today.');
    await server.admin.fixtures.update(startup?.id ?? 0, { enabled: true });
    expect(await contentOf(await chat(server, 'Where is my parcel?'))).toBe('Ships today.');
    await server.admin.fixtures.clear();
    const rule = await server.admin.faults.add({ match: {}, fault: { code: 503 } });
    await server.admin.faults.update(rule.id, { fault: { code: 500 } });
    const created = await fetch(`${server.baseUrl}/agents/create`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${TEST_TOKENS.write}`,
        'content-type': 'application/json',
        prefer: '',
      },
      body: JSON.stringify({ name: 'Temp', instruction: 'x' }),
    });
    expect(created.status).toBe(500);
    await server.admin.faults.clear();
    const agent = await fetch(`${server.baseUrl}/agents/create`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TEST_TOKENS.write}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Temp', instruction: 'x' }),
    });
    const { id } = ((await agent.json()) as { data: { id: number } }).data;

    await server.admin.reset();
    expect(await server.admin.fixtures.list()).toMatchObject([{ match: { messageContains: 'parcel' } }]);
    expect(await contentOf(await chat(server, 'Where is my parcel?'))).toBe('Ships today.');
    expect((await get(server, `/agents/view/${id}`, TEST_TOKENS.read)).status).toBe(404);
    expect(await server.admin.requests()).toHaveLength(2);
    expect(await server.admin.fixtures.list()).toMatchObject([{ enabled: true, used: 1 }]);
  });

  it('has an admin client that is the server’s operator: it sees every account’s requests', async () => {
    expect(await server.admin.caller()).toMatchObject({ view: 'operator', tokenName: 'operator' });
    await server.admin.clearRequests();
    await get(server, '/agents/view/1', TEST_TOKENS.read);
    await get(server, '/agents/view/3', TEST_TOKENS.other);
    const entries = await server.admin.requests();
    expect(entries.map((entry) => entry.token?.accountId)).toEqual([2, 1]);
    // An account's admin token sees that account alone.
    const own = await fetch(`${server.url}/_admin/requests`, {
      headers: { authorization: `Bearer ${TEST_TOKENS.admin}` },
    });
    const { requests } = ((await own.json()) as { data: { requests: { token: { accountId: number } }[] } })
      .data;
    expect(requests.map((entry) => entry.token.accountId)).toEqual([1]);
  });

  it('refuses an import that would lock its admin client out, and keeps working', async () => {
    const state = await server.admin.state.export();
    const error = await server.admin.state
      .import({ ...state, tokens: state.tokens?.filter((token) => !token.scopes.includes('operator')) })
      .then(
        () => undefined,
        (caught: unknown) => caught as { status: number; errors: { path: string; message: string }[] },
      );
    expect(error).toMatchObject({ status: 400, errors: [{ path: '/tokens' }] });
    expect(error?.errors[0]?.message).toMatch(/no import locks you out/);
    expect(await server.admin.caller()).toMatchObject({ view: 'operator' });
  });

  it('throws the admin API’s refusal with its status and errors', async () => {
    const error = await server.admin.faults
      .add({ match: {}, fault: {} } as never)
      .catch((caught: unknown) => caught as { name: string; status: number; errors: { path: string }[] });
    expect(error).toMatchObject({ name: 'AdminApiError', status: 400, errors: [{ path: '/fault' }] });
  });

  it('exports a state that gives a second server the same answers', async () => {
    const state = await server.admin.state.export();
    expect(state.tokens?.every((token) => token.token === undefined && token.tokenHash !== undefined)).toBe(
      true,
    );
    // The second's admin client is the operator's token the state keeps: an import that dropped
    // the client's token would lock it out, and is refused.
    const second = await serverModule.startReferenceServer({
      env: { DATABASE_URL: await testDatabaseUrl() },
      seed: {
        accounts: [{ id: 1, name: 'Other' }],
        tokens: [{ token: TEST_TOKENS.operator, accountId: 1, name: 'operator', scopes: ['operator'] }],
      },
    });
    try {
      await second.admin.state.import(state);
      const [one, two] = await Promise.all([
        get(server, '/agents/view/2', TEST_TOKENS.read).then((answer) => answer.json()),
        get(second, '/agents/view/2', TEST_TOKENS.read).then((answer) => answer.json()),
      ]);
      expect(two).toEqual(one);
    } finally {
      await second.close();
    }
  });
});

describe('startReferenceServer() with a seed of one’s own', () => {
  it('adds a dev token for the admin API when the seed has no admin token', async () => {
    const server = await serverModule.startReferenceServer({
      env: { DATABASE_URL: await testDatabaseUrl() },
      seed: {
        accounts: [{ id: 5, name: 'Solo' }],
        tokens: [{ token: 'solo-reader-token', accountId: 5, name: 'reader', scopes: ['agents:read'] }],
      },
    });
    try {
      expect(Object.keys(server.tokens).sort()).toEqual(['dev', 'reader']);
      await get(server, '/agents/view/1', server.tokens.reader as string);
      const [entry] = await server.admin.requests();
      expect(entry).toMatchObject({ status: 404, token: { name: 'reader', accountId: 5 } });
    } finally {
      await server.close();
    }
  });

  it('refuses start-up fixtures the admin contract refuses, naming the entry', async () => {
    await expect(
      serverModule.startReferenceServer({
        env: { DATABASE_URL: await testDatabaseUrl() },
        chatFixtures: [{ match: { messageMatches: '(?=a)' }, answer: { content: 'x' } }],
      }),
    ).rejects.toThrow(/chatFixtures: \[0\]\.match\.messageMatches/);
  });
});
