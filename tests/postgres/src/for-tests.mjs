/**
 * Which PostgreSQL the test suites use: the server `TEST_DATABASE_URL_POSTGRES` names (CI starts
 * one and exports it), else a throwaway cluster started for the run when this machine can, else
 * none, with the reason the suites print when they skip their PostgreSQL projects.
 */
import { startThrowawayPostgres, whyNoThrowawayPostgres } from './throwaway-cluster.mjs';

export const TEST_DATABASE_URL_VARIABLE = 'TEST_DATABASE_URL_POSTGRES';

/** Decided when a vitest config loads: `{ run: true }`, or `{ skip: reason }`. */
export function postgresTestPlan(env = process.env) {
  if (env[TEST_DATABASE_URL_VARIABLE]) return { run: true };
  const why = whyNoThrowawayPostgres();
  return why
    ? { skip: `${TEST_DATABASE_URL_VARIABLE} is not set and no throwaway PostgreSQL can start: ${why}` }
    : { run: true };
}

/** The server to create test databases on: `{ url, stop() }` (stop ends a cluster started here). */
export async function postgresForTests(env = process.env) {
  const url = env[TEST_DATABASE_URL_VARIABLE];
  if (url) return { url, stop: async () => undefined };
  return startThrowawayPostgres({ fast: true });
}
