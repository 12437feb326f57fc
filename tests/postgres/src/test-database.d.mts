export function newTestDatabase(): Promise<string>;
export function dropTestDatabases(): Promise<void>;

declare module 'vitest' {
  export interface ProvidedContext {
    /** The PostgreSQL server of the run and the prefix of its test databases' names. */
    postgres: { adminUrl: string; prefix: string };
  }
}
