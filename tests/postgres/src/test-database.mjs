/**
 * A new empty database for one server of a test, on the run's server (vitest-setup.mjs provides
 * it), remembered so the test file drops it when it ends (vitest-databases.mjs).
 */
import { inject } from 'vitest';
import { createDatabase, databaseName, dropDatabases } from './test-databases.mjs';

const created = [];

/** The URL of a new empty database. */
export async function newTestDatabase() {
  const { adminUrl, prefix } = inject('postgres');
  const name = databaseName(prefix);
  created.push(name);
  return createDatabase(adminUrl, name);
}

/** Drops the databases this file made. */
export async function dropTestDatabases() {
  const names = created.splice(0);
  if (names.length > 0) await dropDatabases(inject('postgres').adminUrl, names);
}
