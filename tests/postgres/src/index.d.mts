export interface ThrowawayPostgres {
  /** `postgres://postgres:<password>@127.0.0.1:<port>/postgres` */
  url: string;
  /** The cluster's folder (data, socket, log), deleted by stop(). */
  dir: string;
  /** Stops the server (its sessions ended), keeping the cluster: an outage, until resume(). */
  pause(): Promise<void>;
  /** Starts the paused server again, on the same port. */
  resume(): Promise<void>;
  stop(): Promise<void>;
}

export function findPostgresBinaries(): string | undefined;
export function whyNoThrowawayPostgres(): string | undefined;
export function startThrowawayPostgres(options?: { fast?: boolean }): Promise<ThrowawayPostgres>;
export function stopThrowawayPostgres(dir: string): void;

export function databaseName(prefix: string): string;
export function databaseUrl(adminUrl: string, name: string): string;
export function createDatabase(adminUrl: string, name: string): Promise<string>;
export function dropDatabases(adminUrl: string, names: readonly string[]): Promise<void>;
export function dropDatabasesStartingWith(adminUrl: string, prefix: string): Promise<void>;

export const TEST_DATABASE_URL_VARIABLE: 'TEST_DATABASE_URL_POSTGRES';
export function postgresTestPlan(
  env?: Record<string, string | undefined>,
): { run: true; skip?: undefined } | { run?: undefined; skip: string };
export function postgresForTests(
  env?: Record<string, string | undefined>,
): Promise<{ url: string; stop(): Promise<void> }>;

/** The project run on PostgreSQL (TEST_STORE=postgres, a server for the run, databases dropped), or none, saying why. */
export function postgresProjects<
  Project extends {
    test: { name: string; env?: Record<string, string>; globalSetup?: string[]; setupFiles?: string[] };
  },
>(project: Project): Project[];
