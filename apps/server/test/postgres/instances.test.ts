/**
 * Several servers on one PostgreSQL database, as instances behind a load balancer run: what one
 * writes the others read, a token revoked or data replaced through one is refused or replaced on
 * the others at once (their caches follow LISTEN/NOTIFY, whoever wrote: an instance or psql), and
 * instances starting together on an empty database make one first token between them.
 */
import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { auth, TEST_TOKENS, testSeed } from '../helpers/fixtures.js';
import { serverModule } from '../helpers/server-module.js';
import { testDatabaseUrl } from '../helpers/test-store.js';

const committedMigrations = JSON.parse(
  readFileSync(new URL('../../drizzle/postgres/meta/_journal.json', import.meta.url), 'utf8'),
) as { entries: unknown[] };

const apps: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

async function instance(database: string, options: { createFirstToken?: boolean; seed?: boolean } = {}) {
  const app = await serverModule.build(
    serverModule.loadConfig({ DATABASE_URL: database, LOG_LEVEL: 'silent' }),
    {
      ...(options.seed === false ? {} : { seed: testSeed }),
      ...(options.createFirstToken ? { createFirstToken: true } : {}),
    },
  );
  apps.push(app);
  return app;
}

/** Runs SQL on the database as psql would, beside the servers. */
async function sql(database: string, text: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: database });
  await client.connect();
  try {
    return (await client.query(text, values)).rows;
  } finally {
    await client.end();
  }
}

const status = async (app: FastifyInstance, url: string, token: string) =>
  (await app.inject({ url, headers: auth(token) })).statusCode;
const POLL = { timeout: 60_000, interval: 20 };

describe('two instances on one database', () => {
  it('refuse a token revoked through the other, though both had it cached', async () => {
    const database = await testDatabaseUrl();
    const [one, two] = [await instance(database), await instance(database)];
    expect(await status(two, '/v1/agents/view/1', TEST_TOKENS.read)).toBe(200);
    const revoked = await one.inject({
      method: 'DELETE',
      url: '/_admin/tokens/3',
      headers: auth(TEST_TOKENS.operator),
    });
    expect(revoked.json().data).toMatchObject({ id: 3, name: 'read' });
    await expect.poll(() => status(two, '/v1/agents/view/1', TEST_TOKENS.read), POLL).toBe(401);
    expect(await status(one, '/v1/agents/view/1', TEST_TOKENS.read)).toBe(401);
  });

  it('answer the agents of a state imported through the other, not the ones they had cached', async () => {
    const database = await testDatabaseUrl();
    const [one, two] = [await instance(database), await instance(database)];
    const name = async () =>
      (await two.inject({ url: '/v1/agents/view/1', headers: auth(TEST_TOKENS.all) })).json();
    expect((await name()).data.name).toBe('Support triage');
    const state = (await one.inject({ url: '/_admin/state', headers: auth(TEST_TOKENS.operator) })).json()
      .data;
    state.agents[0].name = 'Renamed by an import';
    const imported = await one.inject({
      method: 'PUT',
      url: '/_admin/state',
      headers: auth(TEST_TOKENS.operator),
      payload: state,
    });
    expect(imported.statusCode).toBe(200);
    await expect.poll(async () => (await name()).data.name, POLL).toBe('Renamed by an import');
  });

  it('read what either creates, numbered without a gap or a clash', async () => {
    const database = await testDatabaseUrl();
    const [one, two] = [await instance(database), await instance(database)];
    const create = (app: FastifyInstance, name: string) =>
      app.inject({
        method: 'POST',
        url: '/v1/agents/create',
        headers: auth(TEST_TOKENS.all),
        payload: { name, instruction: 'x' },
      });
    const created = await Promise.all(
      Array.from({ length: 20 }, (_, i) => create(i % 2 === 0 ? one : two, `agent ${i}`)),
    );
    const ids = created.map((answer) => answer.json().data.id as number);
    expect(ids.toSorted((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 4));
    for (const [i, id] of ids.entries()) {
      const other = i % 2 === 0 ? two : one;
      const read = await other.inject({ url: `/v1/agents/view/${id}`, headers: auth(TEST_TOKENS.all) });
      expect(read.json().data.name).toBe(`agent ${i}`);
    }
  });

  it('follow a revocation written by hand with SQL, also one made while they could not listen', async () => {
    const database = await testDatabaseUrl();
    const app = await instance(database);
    expect(await status(app, '/v1/agents/view/1', TEST_TOKENS.all)).toBe(200);
    await sql(database, "UPDATE api_tokens SET revoked_at = '2025-01-01T00:00:00.000Z' WHERE name = 'all'");
    await expect.poll(() => status(app, '/v1/agents/view/1', TEST_TOKENS.all), POLL).toBe(401);

    expect(await status(app, '/v1/agents/view/1', TEST_TOKENS.other)).toBe(403);
    const listener =
      "application_name = 'assistant-platform-server (changes)' AND datname = current_database()";
    await sql(database, `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE ${listener}`);
    await sql(database, "UPDATE api_tokens SET revoked_at = '2025-01-01T00:00:00.000Z' WHERE name = 'other'");
    await expect.poll(() => status(app, '/v1/agents/view/1', TEST_TOKENS.other), POLL).toBe(401);
    // It listens again (every second until it can).
    await expect
      .poll(
        async () =>
          (await sql(database, `SELECT count(*)::int AS n FROM pg_stat_activity WHERE ${listener}`))[0]?.n,
        POLL,
      )
      .toBe(1);
  });
});

describe('instances starting together on an empty database', () => {
  it('all start, migrating once, and make one first token between them', async () => {
    const database = await testDatabaseUrl();
    const started = await Promise.all(
      [1, 2, 3].map(() => instance(database, { createFirstToken: true, seed: false })),
    );
    const firstTokens = started.map((app) => app.firstToken).filter((token) => token !== undefined);
    expect(firstTokens).toHaveLength(1);
    const [migrations] = await sql(database, 'SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations');
    expect(migrations?.n).toBe(committedMigrations.entries.length);
    const [tokens] = await sql(database, 'SELECT count(*)::int AS n FROM api_tokens');
    expect(tokens?.n).toBe(1);
    for (const app of started) expect(await status(app, '/_admin/state', firstTokens[0] as string)).toBe(200);
  });
});
