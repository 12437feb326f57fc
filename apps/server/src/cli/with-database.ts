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
