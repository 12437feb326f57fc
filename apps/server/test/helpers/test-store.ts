/**
 * The store the suite runs on: SQLite (the `server` projects) or PostgreSQL (`server:postgres`,
 * TEST_STORE=postgres), so the same route and repository tests certify both. On PostgreSQL every
 * server a test builds gets a new empty database on the run's server (postgres-setup.ts), dropped
 * when its file ends (postgres-databases.ts), as `:memory:` gives every SQLite one its own.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';

export const TEST_STORE: 'sqlite' | 'postgres' =
  process.env.TEST_STORE === 'postgres' ? 'postgres' : 'sqlite';

const created: string[] = [];
let sqliteFolder: string | undefined;
let sqliteFiles = 0;

async function newPostgresDatabase(): Promise<string> {
  const { createDatabase, databaseName } = await import('@assistant-platform/test-postgres');
  const { adminUrl, prefix } = inject('postgres');
  const name = databaseName(prefix);
  created.push(name);
  return createDatabase(adminUrl, name);
}

/** DATABASE_URL for one server: `:memory:` on SQLite, a new empty database on PostgreSQL. */
export function testDatabaseUrl(): Promise<string> {
  return TEST_STORE === 'postgres' ? newPostgresDatabase() : Promise.resolve(':memory:');
}

/** DATABASE_URL that outlives a server (a restart on the same data): a new SQLite file, or database. */
export function persistentTestDatabaseUrl(): Promise<string> {
  if (TEST_STORE === 'postgres') return newPostgresDatabase();
  sqliteFolder ??= mkdtempSync(join(tmpdir(), 'assistant-store-'));
  sqliteFiles++;
  return Promise.resolve(join(sqliteFolder, `${sqliteFiles}.sqlite`));
}

/** Drops the PostgreSQL databases this file created (a file's last hook, see postgres-databases.ts). */
export async function dropTestDatabases(): Promise<void> {
  const names = created.splice(0);
  if (names.length === 0) return;
  const { dropDatabases } = await import('@assistant-platform/test-postgres');
  await dropDatabases(inject('postgres').adminUrl, names);
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The PostgreSQL server of the run and the prefix of its test databases' names. */
    postgres: { adminUrl: string; prefix: string };
  }
}
