/**
 * The PostgreSQL store: node-postgres's Pool through Drizzle, the same repositories as SQLite's
 * over the pg-core schema. Several instances may share the database: their caches follow each
 * other's writes through LISTEN/NOTIFY (notify-watch.ts), and their transactions (a seed, a state
 * import or reset, a token created) take one advisory lock first, so they run one after another
 * across instances as they do in one SQLite file, and two instances starting on an empty database
 * do not both create a first account and token.
 */
import { sql } from 'drizzle-orm';
import type { PostgresTarget } from '../../config/database-url.js';
import { type ChangeBus, watchWithBus } from '../change-watch.js';
import { errorCodes, errorConstraints } from '../error-codes.js';
import { withLookupCaches } from '../lookup-caches.js';
import type { ConstraintKind, Repositories, Store } from '../store.js';
import { createAccountDataRepo } from './account-data-repo.js';
import { createAccountsRepo } from './accounts-repo.js';
import { createAgentsRepo } from './agents-repo.js';
import { type IdWrites, immediateIdWrites, transactionIdWrites } from './id-sequences.js';
import { createIdempotencyRepo } from './idempotency-repo.js';
import { watchNotifications } from './notify-watch.js';
import { openPostgres } from './open-postgres.js';
import type { PgDb } from './pg-db.js';
import { postgresProblem } from './postgres-health.js';
import { createTokensRepo } from './tokens-repo.js';
import { createTranscriptionsRepo } from './transcriptions-repo.js';
import { createWorkspacesRepo } from './workspaces-repo.js';

const TRANSACTION_LOCK = 4_171_020_002;

interface StoreLog {
  warn(details: object, message: string): void;
  info(message: string): void;
}

function tables(db: PgDb, ids: IdWrites): Omit<Repositories, 'transaction'> {
  return {
    accounts: createAccountsRepo(db, ids),
    accountData: createAccountDataRepo(db),
    tokens: createTokensRepo(db, ids),
    workspaces: createWorkspacesRepo(db, ids),
    transcriptions: createTranscriptionsRepo(db, ids),
    agents: createAgentsRepo(db, ids),
    idempotency: createIdempotencyRepo(db),
  };
}

/** A constraint violation's kind, from its SQLSTATE and (for unique ones) the constraint's name. */
function constraintOf(error: unknown): ConstraintKind | undefined {
  const codes = errorCodes(error);
  if (codes.includes('23503')) return 'foreign-key';
  if (!codes.includes('23505')) return undefined;
  return errorConstraints(error)[0]?.endsWith('_pkey') ? 'primary-key' : 'unique';
}

export async function openPostgresStore(
  target: PostgresTarget,
  log: StoreLog,
  bus?: ChangeBus,
): Promise<Store> {
  const { pool, db } = await openPostgres(target, log);
  const watch = await watchNotifications(target, log);
  const repos: Repositories = {
    ...tables(db, immediateIdWrites(db)),
    async transaction(fn) {
      let ids: ReturnType<typeof transactionIdWrites> | undefined;
      let committed = false;
      try {
        const result = await db.transaction(async (tx) => {
          await tx.execute(sql`SELECT pg_advisory_xact_lock(${TRANSACTION_LOCK})`);
          const written = transactionIdWrites(tx);
          ids = written;
          const inTransaction: Repositories = {
            ...tables(tx, written),
            transaction: (inner) => inner(inTransaction),
          };
          return fn(inTransaction);
        });
        committed = true;
        return result;
      } finally {
        // The transaction's answer stands whatever happens here; the next insert that meets a
        // taken id moves its sequence itself.
        await ids
          ?.settle(db, committed)
          .catch((error: unknown) => log.warn({ err: error }, 'could not move the id sequences'));
      }
    },
  };
  const problem = postgresProblem(pool);
  return {
    dialect: 'postgres',
    repos: withLookupCaches(repos, watchWithBus(watch, bus), bus),
    problem,
    constraintOf,
    close: async () => {
      await watch.close();
      await pool.end();
    },
  };
}
