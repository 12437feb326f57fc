export interface ThrowawayRedis {
  /** `redis://:<password>@127.0.0.1:<port>` */
  url: string;
  /** The server's folder (pid file, log), deleted by stop(). */
  dir: string;
  port: number;
  /** Ends the server at once (SIGKILL), as a crash would; restart() brings it back. */
  kill(): Promise<void>;
  /** Starts it again on the same port and password, empty. */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

export function findRedisServer(): string | undefined;
export function whyNoThrowawayRedis(): string | undefined;
export function startThrowawayRedis(): Promise<ThrowawayRedis>;
export function stopThrowawayRedis(dir: string): void;

export const TEST_REDIS_URL_VARIABLE: 'TEST_REDIS_URL';
export function redisTestPlan(
  env?: Record<string, string | undefined>,
): { run: true; skip?: undefined } | { run?: undefined; skip: string };
export function redisForTests(
  env?: Record<string, string | undefined>,
): Promise<{ url: string; stop(): Promise<void> }>;

/** The project with the run's Redis provided to its tests, or none, saying why. */
export function redisProjects<Project extends { test: { name: string; globalSetup?: string[] } }>(
  project: Project,
): Project[];
