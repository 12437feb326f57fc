/**
 * A vitest project of PostgreSQL suites, from the project it would be on SQLite: TEST_STORE is
 * `postgres`, the run's server comes from vitest-setup.mjs and each file drops its databases
 * (vitest-databases.mjs). On a machine with no PostgreSQL to use it is left out, and says why.
 */
import { fileURLToPath } from 'node:url';
import { postgresTestPlan } from './for-tests.mjs';

const SETUP = fileURLToPath(new URL('./vitest-setup.mjs', import.meta.url));
const DATABASES = fileURLToPath(new URL('./vitest-databases.mjs', import.meta.url));

export function postgresProjects(project) {
  const plan = postgresTestPlan();
  if (plan.skip !== undefined) {
    console.warn(`${project.test.name} skipped: ${plan.skip}`);
    return [];
  }
  const { test } = project;
  return [
    {
      ...project,
      test: {
        ...test,
        env: { ...test.env, TEST_STORE: 'postgres' },
        globalSetup: [...(test.globalSetup ?? []), SETUP],
        setupFiles: [...(test.setupFiles ?? []), DATABASES],
      },
    },
  ];
}
