/**
 * A repository interface of ../store.ts as better-sqlite3 runs it: the same methods, answering at
 * once instead of in a promise. SQLite's repositories are written against it, and the store turns
 * them into the shared interface (sqlite-store.ts) in one place.
 */
export type Sync<Repo> = {
  [K in keyof Repo]: Repo[K] extends (...args: infer A) => Promise<infer R> ? (...args: A) => R : never;
};
