/**
 * The store the suite runs on: SQLite (the `server` projects) or PostgreSQL (`server:postgres`,
 * TEST_STORE=postgres), so the same route and repository tests certify both. On PostgreSQL every
 * server a test builds gets a new empty database on the run's server, dropped when its file ends
 * (@assistant-platform/test-postgres), as `:memory:` gives every SQLite one its own.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const TEST_STORE: 'sqlite' | 'postgres' =
  process.env.TEST_STORE === 'postgres' ? 'postgres' : 'sqlite';

let sqliteFolder: string | undefined;
let sqliteFiles = 0;

async function newPostgresDatabase(): Promise<string> {
  const { newTestDatabase } = await import('@assistant-platform/test-postgres/test-database');
  return newTestDatabase();
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
