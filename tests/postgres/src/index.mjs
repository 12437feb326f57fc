export { postgresForTests, postgresTestPlan, TEST_DATABASE_URL_VARIABLE } from './for-tests.mjs';
export {
  createDatabase,
  databaseName,
  databaseUrl,
  dropDatabases,
  dropDatabasesStartingWith,
} from './test-databases.mjs';
export {
  findPostgresBinaries,
  startThrowawayPostgres,
  stopThrowawayPostgres,
  whyNoThrowawayPostgres,
} from './throwaway-cluster.mjs';
export { postgresProjects } from './vitest-project.mjs';
