import { createAccountsRepo } from './accounts-repo.js';
import { createAgentsRepo } from './agents-repo.js';
import { guardWrites } from './durable-writes.js';
import { createIdempotencyRepo } from './idempotency-repo.js';
import type { OpenDatabase } from './open-database.js';
import { createTokensRepo } from './tokens-repo.js';
import { createTranscriptionsRepo } from './transcriptions-repo.js';
import { createWorkspacesRepo } from './workspaces-repo.js';

/** Every repository over one database handle; their writes fail when they could not be kept. */
export function createRepositories({ db, assertDurable }: Pick<OpenDatabase, 'db' | 'assertDurable'>) {
  const durable = guardWrites(assertDurable);
  return {
    accounts: durable(createAccountsRepo(db), ['ensure', 'defaultId', 'insert', 'deleteAll']),
    tokens: durable(createTokensRepo(db), ['ensure', 'revoke', 'insert', 'deleteAll']),
    workspaces: durable(createWorkspacesRepo(db), ['ensure', 'insert', 'deleteAll']),
    transcriptions: durable(createTranscriptionsRepo(db), [
      'ensure',
      'replaceTranscript',
      'insert',
      'deleteAll',
    ]),
    agents: durable(createAgentsRepo(db), ['create', 'deleteAll']),
    idempotency: durable(createIdempotencyRepo(db), ['claim', 'complete', 'release', 'trim', 'deleteAll']),
    /** Runs `fn` in one transaction (better-sqlite3 is synchronous, so the repos above join it). */
    transaction<T>(fn: () => T): T {
      const result = db.transaction(() => fn());
      assertDurable();
      return result;
    },
  };
}

export type Repositories = ReturnType<typeof createRepositories>;
