/** REDIS_URL and REDIS_PREFIX for the servers of one deployment under test. */
export function testRedis(): { url: string; prefix: string };

declare module 'vitest' {
  export interface ProvidedContext {
    /** The Redis server of the run. */
    redis: { url: string };
  }
}
