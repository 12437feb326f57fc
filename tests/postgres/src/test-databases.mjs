/**
 * A fresh, empty database per test (or per server a test starts), on the server `adminUrl` names:
 * created with a name of a given prefix, dropped by name or all of a prefix at once (WITH (FORCE)
 * ends what is still connected, e.g. a server a failed test left open).
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

async function asAdmin(adminUrl, work) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A name unique to this call, starting with `prefix` (lower case letters, digits and `_`). */
export function databaseName(prefix) {
  return `${prefix}_${randomBytes(6).toString('hex')}`;
}

/** The URL of database `name` on the server of `adminUrl` (same user and password). */
export function databaseUrl(adminUrl, name) {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Creates database `name` and returns its URL. */
export async function createDatabase(adminUrl, name) {
  await asAdmin(adminUrl, (client) => client.query(`CREATE DATABASE "${name}"`));
  return databaseUrl(adminUrl, name);
}

export async function dropDatabases(adminUrl, names) {
  if (names.length === 0) return;
  await asAdmin(adminUrl, async (client) => {
    for (const name of names) await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  });
}

/** Drops every database whose name starts with `prefix`. */
export async function dropDatabasesStartingWith(adminUrl, prefix) {
  await asAdmin(adminUrl, async (client) => {
    const { rows } = await client.query('SELECT datname FROM pg_database WHERE starts_with(datname, $1)', [
      prefix,
    ]);
    for (const { datname } of rows) await client.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
  });
}
