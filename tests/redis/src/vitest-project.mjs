/**
 * A vitest project of suites that need Redis, from the project as it would run without: the run's
 * Redis comes from vitest-setup.mjs (TEST_REDIS_URL's, else a throwaway redis-server), provided to
 * the tests as `redis`. On a machine with no Redis to use the project is left out, and says why.
 */
import { fileURLToPath } from 'node:url';
import { redisTestPlan } from './for-tests.mjs';

const SETUP = fileURLToPath(new URL('./vitest-setup.mjs', import.meta.url));

export function redisProjects(project) {
  const plan = redisTestPlan();
  if (plan.skip !== undefined) {
    console.warn(`${project.test.name} skipped: ${plan.skip}`);
    return [];
  }
  const { test } = project;
  return [{ ...project, test: { ...test, globalSetup: [...(test.globalSetup ?? []), SETUP] } }];
}
