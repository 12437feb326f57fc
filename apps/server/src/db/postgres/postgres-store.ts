/**
 * The PostgreSQL store: node-postgres's Pool through Drizzle, the same repositories as SQLite's
 * over the pg-core schema. Several instances may share the database: their caches follow each
 * other's writes through LISTEN/NOTIFY (notify-watch.ts), and their transactions (a seed, a state
 * import or reset, a token created) take one advisory lock first, so they run one after another
 * across instances as they do in one SQLite file, and two instances starting on an empty database
 * do not both create a first account and token. A request's transaction (a create and its
 * `Idempotency-Key` answer) takes no such lock: instances run theirs side by side, and only two
 * holding the same key wait for each other, at most KEY_WAIT. Every call's storage fault is
 * thrown as a StorageUnavailableError and noted for /healthz.
 */
import type { PostgresTarget } from '../../config/database-url.js';
import { type ChangeBus, watchWithBus } from '../change-watch.js';
import { errorCodes, errorConstraints } from '../error-codes.js';
import { localKeyHolds } from '../key-holds.js';
import { withLookupCaches } from '../lookup-caches.js';
import { FaultLog, failureOf, guardTables } from '../storage-faults.js';
import type { ConstraintKind, Repositories, Store } from '../store.js';
import { storeHealth } from '../store-health.js';
import { createAccountDataRepo } from './account-data-repo.js';
import { createAccountsRepo } from './accounts-repo.js';
import { advisoryHolds } from './advisory-holds.js';
import { createAgentsRepo } from './agents-repo.js';
import { type IdWrites, immediateIdWrites, transactionIdWrites } from './id-sequences.js';
import { createIdempotencyRepo, KEY_WAIT } from './idempotency-repo.js';
import { watchNotifications } from './notify-watch.js';
import { openPostgres } from './open-postgres.js';
import type { PgDb } from './pg-db.js';
import { poolTransaction } from './pg-transaction.js';
import { postgresFaultOf } from './postgres-faults.js';
import { postgresProbes } from './postgres-health.js';
import { createTokensRepo } from './tokens-repo.js';
import { createTranscriptionsRepo } from './transcriptions-repo.js';
import { createWorkspacesRepo } from './workspaces-repo.js';

const TRANSACTION_LOCK = 4_171_020_002;

interface StoreLog {
  warn(details: object, message: string): void;
  info(message: string): void;
}

function tables(db: PgDb, ids: IdWrites): Omit<Repositories, 'transaction' | 'requestTransaction'> {
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
  const holds = advisoryHolds(target);
  const faults = new FaultLog();
  const failure = (error: unknown) => failureOf(error, postgresFaultOf, faults);
  const guarded = (on: PgDb, ids: IdWrites) => guardTables(tables(on, ids), postgresFaultOf, faults);

  /** A transaction on the pool: `first` runs first in it, `ids` numbers its rows and settles after it. */
  const run = async <T>(
    first: string,
    idWrites: (tx: PgDb) => IdWrites & { settle(db: PgDb, committed: boolean): Promise<void> },
    fn: (tx: Repositories) => Promise<T>,
  ): Promise<T> => {
    let ids: ReturnType<typeof idWrites> | undefined;
    let committed = false;
    try {
      const result = await poolTransaction(pool, first, async (tx) => {
        const written = idWrites(tx);
        ids = written;
        const inTransaction: Repositories = {
          ...guarded(tx, written),
          transaction: (inner) => inner(inTransaction),
          requestTransaction: (inner) => inner(inTransaction),
        };
        return fn(inTransaction);
      });
      committed = true;
      return result;
    } catch (error) {
      throw failure(error);
    } finally {
      // The transaction's answer stands whatever happens here; the next insert that meets a
      // taken id moves its sequence itself.
      await ids
        ?.settle(db, committed)
        .catch((error: unknown) => log.warn({ err: error }, 'could not move the id sequences'));
    }
  };
  const repos: Repositories = {
    ...guarded(db, immediateIdWrites(db)),
    transaction: (fn) => run(`SELECT pg_advisory_xact_lock(${TRANSACTION_LOCK})`, transactionIdWrites, fn),
    requestTransaction: (fn) => run(KEY_WAIT, (tx) => transactionIdWrites(tx, 'forward'), fn),
  };
  const health = storeHealth(postgresProbes(pool), faults);
  return {
    dialect: 'postgres',
    repos: withLookupCaches(repos, watchWithBus(watch, bus), bus),
    problem: health,
    holdKey: localKeyHolds((accountId, key) =>
      holds.hold(accountId, key).catch((error: unknown) => {
        throw failure(error);
      }),
    ),
    constraintOf,
    close: async () => {
      await watch.close();
      await holds.close();
      await pool.end();
    },
  };
}
