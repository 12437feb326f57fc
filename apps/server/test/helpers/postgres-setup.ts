/**
 * The `server:postgres` project's global setup: the PostgreSQL server of the run (the one
 * TEST_DATABASE_URL_POSTGRES names, else a throwaway cluster started here and stopped at the end),
 * and the prefix of this run's test databases, every one of which is dropped at the end.
 */
import { dropDatabasesStartingWith, postgresForTests } from '@assistant-platform/test-postgres';
import type { TestProject } from 'vitest/node';
import './test-store.js';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const postgres = await postgresForTests();
  const prefix = `assistant_test_${process.pid}`;
  project.provide('postgres', { adminUrl: postgres.url, prefix });
  return async () => {
    try {
      await dropDatabasesStartingWith(postgres.url, prefix);
    } finally {
      await postgres.stop();
    }
  };
}
