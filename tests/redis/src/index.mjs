export { redisForTests, redisTestPlan, TEST_REDIS_URL_VARIABLE } from './for-tests.mjs';
export {
  findRedisServer,
  startThrowawayRedis,
  stopThrowawayRedis,
  whyNoThrowawayRedis,
} from './throwaway-redis.mjs';
export { redisProjects } from './vitest-project.mjs';
