/**
 * A vitest globalSetup for a project of PostgreSQL suites: the server of the run (the one
 * TEST_DATABASE_URL_POSTGRES names, else a throwaway cluster started here and stopped at the end),
 * provided to the tests as `postgres` with the prefix of this run's databases, every one of which
 * is dropped at the end (test-database.mjs makes them).
 */
import { postgresForTests } from './for-tests.mjs';
import { dropDatabasesStartingWith } from './test-databases.mjs';

export default async function setup(project) {
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
