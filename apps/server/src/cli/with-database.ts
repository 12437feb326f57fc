import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { ServerConfig } from '../config/load-config.js';
import { openDatabase } from '../db/open-database.js';
import { createRepositories, type Repositories } from '../db/repositories.js';

export type WithRepos = (fn: (repos: Repositories) => void) => void;

/** Opens (and migrates) the configured database for one CLI command, then closes it. */
export function withDatabase(config: () => ServerConfig): WithRepos {
  return (fn) => {
    const database = openDatabase(config().databaseUrl);
    try {
      fn(createRepositories(database));
    } finally {
      database.close();
    }
  };
}

/**
 * As withDatabase, for commands that need rows a server or a seed put there (accounts, tokens): run
 * where no database is yet (another folder, a mistyped DATABASE_URL), they say so, naming the path,
 * instead of creating an empty file and then answering that the account does not exist.
 */
export function withExistingDatabase(config: () => ServerConfig): WithRepos {
  const open = withDatabase(config);
  return (fn) => {
    const { databaseUrl } = config();
    if (databaseUrl !== ':memory:' && !existsSync(databaseUrl))
      throw new Error(
        `there is no database at ${resolve(databaseUrl)}: start the server once (it creates it), or ` +
          'name the right one with DATABASE_URL or --database',
      );
    open(fn);
  };
}
