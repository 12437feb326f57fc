/**
 * A PostgreSQL server's operator's view: /healthz answers 200 only while the database takes a
 * committed write (503 naming why once it is read-only or gone, 200 again once it is back), requests
 * meanwhile answer 503 with `Retry-After` (never 500), and a database that cannot be used stops
 * start-up with DATABASE_URL, the server and the reason, never the password.
 */
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { testSeed } from '../helpers/fixtures.js';
import { serverModule } from '../helpers/server-module.js';
import { testDatabaseUrl } from '../helpers/test-store.js';

const apps: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

async function instance(database: string) {
  const app = await serverModule.build(
    serverModule.loadConfig({ DATABASE_URL: database, LOG_LEVEL: 'silent' }),
    {
      seed: testSeed,
    },
  );
  apps.push(app);
  return app;
}

async function asAdmin(database: string, text: string) {
  const admin = new URL(database);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

const nameOf = (database: string) => new URL(database).pathname.slice(1);
const health = async (app: FastifyInstance) => {
  const answer = await app.inject({ url: '/healthz' });
  return `${answer.statusCode} ${answer.body}`;
};
const POLL = { timeout: 60_000, interval: 100 };
const create = (app: FastifyInstance, token = 'token-acme-all') =>
  app.inject({
    method: 'POST',
    url: '/v1/agents/create',
    headers: { authorization: `Bearer ${token}` },
    payload: { name: 'n', instruction: 'i' },
  });

describe('/healthz on PostgreSQL', () => {
  it('answers 503 while the database refuses writes, and 200 again once it takes them', async () => {
    const database = await testDatabaseUrl();
    const app = await instance(database);
    expect(await health(app)).toBe('200 {"status":"ok"}');
    const name = nameOf(database);
    // New sessions are read-only; ending the server's sessions makes its pool open new ones.
    const reconnect = `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${name}'`;
    await asAdmin(database, `ALTER DATABASE "${name}" SET default_transaction_read_only = on`);
    await asAdmin(database, reconnect);
    await expect.poll(() => health(app), POLL).toBe('503 {"status":"unavailable","database":"read-only"}');
    const refused = await create(app);
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe('1');
    expect(refused.json()).toEqual({ success: false, message: 'Service unavailable' });
    await asAdmin(database, `ALTER DATABASE "${name}" RESET default_transaction_read_only`);
    await asAdmin(database, reconnect);
    await expect.poll(() => health(app), POLL).toBe('200 {"status":"ok"}');
    expect((await create(app)).statusCode).toBe(201);
  });

  it('answers 503 once its database is gone, and API requests answer 503 with Retry-After, not a crash', async () => {
    const database = await testDatabaseUrl();
    const app = await instance(database);
    expect(await health(app)).toBe('200 {"status":"ok"}');
    await asAdmin(database, `DROP DATABASE "${nameOf(database)}" WITH (FORCE)`);
    await expect.poll(() => health(app), POLL).toBe('503 {"status":"unavailable","database":"unreachable"}');
    // Looking the token up fails: the client gets the envelope, the reason goes to the log.
    const refused = await create(app, 'token-globex-all');
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe('1');
    expect(refused.json()).toEqual({ success: false, message: 'Service unavailable' });
  });
});

describe('start-up on a PostgreSQL it cannot use', () => {
  const startupError = async (database: string) => {
    const error = await instance(database).then(
      () => undefined,
      (caught: unknown) => caught as Error,
    );
    expect(error?.name).toBe('StorageError');
    return error?.message ?? '';
  };

  it('names DATABASE_URL without the password, the server and the refused login', async () => {
    const url = new URL(await testDatabaseUrl());
    url.password = 'wrong-s3cret';
    const message = await startupError(url.toString());
    expect(message).toContain(
      `DATABASE_URL=postgres://postgres@${url.host}${url.pathname}: cannot connect to PostgreSQL at ${url.host}: the login was refused: password authentication failed for user "postgres"`,
    );
    expect(message).not.toContain('s3cret');
  });

  it('names a database that does not exist', async () => {
    const url = new URL(await testDatabaseUrl());
    url.pathname = '/no_such_database';
    const message = await startupError(url.toString());
    expect(message).toContain(`PostgreSQL at ${url.host}: database "no_such_database" does not exist`);
    expect(message).not.toContain(url.password);
  });
});
