/**
 * The SQLite store: better-sqlite3 through Drizzle, synchronous underneath. Its repositories answer
 * with settled promises, so a cached GET costs no more than before the interface was async.
 *
 * One connection serves the whole process, so a transaction that awaits between its statements
 * would let other requests' statements run inside it (and be rolled back with it, or see its
 * uncommitted rows). While a transaction is open, every other repository call (and the health
 * probe) waits for it to end: one comparison on the hot path when none is. `BEGIN IMMEDIATE` takes
 * the write lock at once, so transactions of other processes on the file wait (busy_timeout)
 * instead of failing half-way. A request's transaction (its write and its `Idempotency-Key` answer)
 * is such a transaction: SQLite has one writer, so it waits for the others as they wait for it.
 * Every call's storage fault is thrown as a StorageUnavailableError and noted for /healthz.
 */
import { type ChangeBus, NO_FOREIGN_CHANGES, watchWithBus } from '../change-watch.js';
import { errorCodes } from '../error-codes.js';
import { localKeyHolds } from '../key-holds.js';
import { withLookupCaches } from '../lookup-caches.js';
import { FaultLog, failureOf } from '../storage-faults.js';
import type { ConstraintKind, Repositories, Store } from '../store.js';
import { storeHealth } from '../store-health.js';
import { createAccountDataRepo } from './account-data-repo.js';
import { createAccountsRepo } from './accounts-repo.js';
import { createAgentsRepo } from './agents-repo.js';
import { watchDataVersion } from './data-version-watch.js';
import { guardWrites } from './durable-writes.js';
import { createIdempotencyRepo } from './idempotency-repo.js';
import { openSqlite } from './open-sqlite.js';
import { sqliteFaultOf } from './sqlite-faults.js';
import { sqliteProbes } from './sqlite-health.js';
import type { Sync } from './sync.js';
import { createTokensRepo } from './tokens-repo.js';
import { createTranscriptionsRepo } from './transcriptions-repo.js';
import { createWorkspacesRepo } from './workspaces-repo.js';

type Tables = Omit<Repositories, 'transaction' | 'requestTransaction'>;

const CONSTRAINTS: Record<string, ConstraintKind> = {
  SQLITE_CONSTRAINT_FOREIGNKEY: 'foreign-key',
  SQLITE_CONSTRAINT_PRIMARYKEY: 'primary-key',
  SQLITE_CONSTRAINT_UNIQUE: 'unique',
};

/** Each method of a synchronous repository as one answering a promise, run by `run`. */
function promising<Repo>(repo: Sync<Repo>, run: <R>(call: () => R) => Promise<R>): Repo {
  const wrapped: Record<string, unknown> = {};
  for (const [name, method] of Object.entries(repo as Record<string, (...args: unknown[]) => unknown>))
    wrapped[name] = (...args: unknown[]) => run(() => method.apply(repo, args));
  return wrapped as Repo;
}

export function openSqliteStore(path: string, bus?: ChangeBus): Store {
  const database = openSqlite(path);
  const { db, sqlite } = database;
  const durable = guardWrites(database.assertDurable);
  const tables = {
    accounts: durable(createAccountsRepo(db), ['ensure', 'defaultId', 'insert', 'deleteAll']),
    accountData: durable(createAccountDataRepo(db), ['deleteOwned', 'update']),
    tokens: durable(createTokensRepo(db), ['ensure', 'revoke', 'insert', 'deleteAll', 'setScopes']),
    workspaces: durable(createWorkspacesRepo(db), ['ensure', 'insert', 'deleteAll']),
    transcriptions: durable(createTranscriptionsRepo(db), [
      'ensure',
      'replaceTranscript',
      'insert',
      'deleteAll',
    ]),
    agents: durable(createAgentsRepo(db), ['create', 'deleteAll']),
    idempotency: durable(createIdempotencyRepo(db), ['claim', 'complete', 'store', 'trim', 'deleteAll']),
  };
  const faults = new FaultLog();
  const failure = (error: unknown) => failureOf(error, sqliteFaultOf, faults);

  /** Settles when the open transaction ends; undefined when none is open. */
  let open: Promise<void> | undefined;
  const whenIdle = async <R>(call: () => R): Promise<R> => {
    while (open) await open;
    try {
      return call();
    } catch (error) {
      throw failure(error);
    }
  };
  const atOnce = async <R>(call: () => R): Promise<R> => {
    try {
      return call();
    } catch (error) {
      throw failure(error);
    }
  };
  const tablesRun = (run: <R>(call: () => R) => Promise<R>): Tables => ({
    accounts: promising(tables.accounts, run),
    accountData: promising(tables.accountData, run),
    tokens: promising(tables.tokens, run),
    workspaces: promising(tables.workspaces, run),
    transcriptions: promising(tables.transcriptions, run),
    agents: promising(tables.agents, run),
    idempotency: promising(tables.idempotency, run),
  });

  const inTransaction: Repositories = {
    ...tablesRun(atOnce),
    transaction: (fn) => fn(inTransaction),
    requestTransaction: (fn) => fn(inTransaction),
  };
  const transaction = async <T>(fn: (tx: Repositories) => Promise<T>): Promise<T> => {
    while (open) await open;
    let ended: () => void = () => undefined;
    open = new Promise<void>((resolve) => {
      ended = resolve;
    });
    try {
      sqlite.exec('BEGIN IMMEDIATE');
      try {
        const result = await fn(inTransaction);
        sqlite.exec('COMMIT');
        database.assertDurable();
        return result;
      } catch (error) {
        if (sqlite.inTransaction) sqlite.exec('ROLLBACK');
        throw error;
      }
    } catch (error) {
      throw failure(error);
    } finally {
      open = undefined;
      ended();
    }
  };
  const repos: Repositories = {
    ...tablesRun(whenIdle),
    transaction,
    requestTransaction: transaction,
  };

  const watch = path === ':memory:' ? NO_FOREIGN_CHANGES : watchDataVersion(sqlite);
  const probes = sqliteProbes(database);
  const health = storeHealth(
    {
      probe: () => whenIdle(() => probes.probe()),
      integrity: () => whenIdle(() => probes.integrity()),
    },
    faults,
  );
  return {
    dialect: 'sqlite',
    repos: withLookupCaches(repos, watchWithBus(watch, bus), bus),
    problem: async () => probes.moved() ?? health(),
    holdKey: localKeyHolds(),
    constraintOf: (error) =>
      errorCodes(error)
        .map((code) => CONSTRAINTS[code])
        .find(Boolean),
    close: async () => {
      await watch.close();
      database.close();
    },
  };
}
