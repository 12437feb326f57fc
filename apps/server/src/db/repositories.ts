import { createAgentsRepo } from './agents-repo.js';
import type { Db } from './open-database.js';
import { createAccountsRepo, createTokensRepo } from './tokens-repo.js';
import { createTranscriptionsRepo, createWorkspacesRepo } from './transcriptions-repo.js';

/** Every repository over one database handle. */
export function createRepositories(db: Db) {
  return {
    accounts: createAccountsRepo(db),
    tokens: createTokensRepo(db),
    workspaces: createWorkspacesRepo(db),
    transcriptions: createTranscriptionsRepo(db),
    agents: createAgentsRepo(db),
    /** Runs `fn` in one transaction (better-sqlite3 is synchronous, so the repos above join it). */
    transaction<T>(fn: () => T): T {
      return db.transaction(() => fn());
    },
  };
}

export type Repositories = ReturnType<typeof createRepositories>;
