/**
 * A vitest globalSetup for a project of Redis suites: the Redis of the run (TEST_REDIS_URL's, else
 * a throwaway redis-server started here and stopped at the end), provided to the tests as `redis`.
 * Servers of a run share it, each under a key prefix of its own (test-redis.mjs).
 */
import { redisForTests } from './for-tests.mjs';

export default async function setup(project) {
  const redis = await redisForTests();
  project.provide('redis', { url: redis.url });
  return () => redis.stop();
}
