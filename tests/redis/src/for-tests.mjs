/**
 * Which Redis the test suites use: the server `TEST_REDIS_URL` names (CI starts one and exports
 * it), else a throwaway redis-server started for the run when this machine has one, else none,
 * with the reason the suites print when they skip their Redis projects.
 */
import { startThrowawayRedis, whyNoThrowawayRedis } from './throwaway-redis.mjs';

export const TEST_REDIS_URL_VARIABLE = 'TEST_REDIS_URL';

/** Decided when a vitest config loads: `{ run: true }`, or `{ skip: reason }`. */
export function redisTestPlan(env = process.env) {
  if (env[TEST_REDIS_URL_VARIABLE]) return { run: true };
  const why = whyNoThrowawayRedis();
  return why
    ? { skip: `${TEST_REDIS_URL_VARIABLE} is not set and no throwaway Redis can start: ${why}` }
    : { run: true };
}

/** The Redis the run's servers share: `{ url, stop() }` (stop ends a server started here). */
export async function redisForTests(env = process.env) {
  const url = env[TEST_REDIS_URL_VARIABLE];
  if (url) return { url, stop: async () => undefined };
  return startThrowawayRedis();
}
