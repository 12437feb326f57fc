import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { ServerConfig } from '../config/load-config.js';
import { openStore } from '../db/open-store.js';
import type { Store } from '../db/store.js';

export type WithStore = (fn: (store: Store) => Promise<void>) => Promise<void>;

/** Where a CLI command's database problems go: standard error, as the command's own failure does. */
const cliLog = {
  warn: (_details: object, message: string) => console.error(`warning: ${message}`),
  info: () => undefined,
};

/** Opens (and migrates) the configured database for one CLI command, then closes it. */
export function withDatabase(config: () => ServerConfig): WithStore {
  return async (fn) => {
    const store = await openStore(config().database, cliLog);
    try {
      await fn(store);
    } finally {
      await store.close();
    }
  };
}

/**
 * As withDatabase, for commands that need rows a server or a seed put there (accounts, tokens): run
 * where no SQLite file is yet (another folder, a mistyped DATABASE_URL), they say so, naming the
 * path, instead of creating an empty file and then answering that the account does not exist. A
 * PostgreSQL database that does not exist is named by the connection's own error.
 */
export function withExistingDatabase(config: () => ServerConfig): WithStore {
  const open = withDatabase(config);
  return async (fn) => {
    const { database } = config();
    if (database.dialect === 'sqlite' && database.path !== ':memory:' && !existsSync(database.path))
      throw new Error(
        `there is no database at ${resolve(database.path)}: start the server once (it creates it), or ` +
          'name the right one with DATABASE_URL or --database',
      );
    await open(fn);
  };
}
