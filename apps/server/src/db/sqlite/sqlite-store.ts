/**
 * The SQLite store: better-sqlite3 through Drizzle, synchronous underneath. Its repositories answer
 * with settled promises, so a cached GET costs no more than before the interface was async.
 *
 * One connection serves the whole process, so a transaction that awaits between its statements
 * would let other requests' statements run inside it (and be rolled back with it, or see its
 * uncommitted rows). While a transaction is open, every other repository call (and the health
 * probe) waits for it to end: one comparison on the hot path when none is. `BEGIN IMMEDIATE` takes
 * the write lock at once, so transactions of other processes on the file wait (busy_timeout)
 * instead of failing half-way. The other calls' writes are committed in batches, one per turn of
 * the event loop (write-batch.ts); a transaction waits for the turn's batch, and the health probe
 * runs between batches. A request's transaction (its write and its `Idempotency-Key` answer) is a
 * savepoint of the turn's batch instead, committed with it: other calls wait while it runs, as for
 * a transaction, but not for its commit.
 * Every call's storage fault is thrown as a StorageUnavailableError and noted for /healthz.
 */
import { builtWorker } from '../../config/built-worker.js';
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
import { createIdempotencyRepo } from './idempotency-repo.js';
import { openSqlite } from './open-sqlite.js';
import { sqliteFaultOf } from './sqlite-faults.js';
import { sqliteProbes } from './sqlite-health.js';
import type { Sync } from './sync.js';
import { createTokensRepo } from './tokens-repo.js';
import { createTranscriptionsRepo } from './transcriptions-repo.js';
import { type CheckpointerWarn, startWalCheckpointer } from './wal-checkpointer.js';
import { createWorkspacesRepo } from './workspaces-repo.js';
import { WriteBatches } from './write-batch.js';

type Tables = Omit<Repositories, 'transaction' | 'requestTransaction'>;

const CONSTRAINTS: Record<string, ConstraintKind> = {
  SQLITE_CONSTRAINT_FOREIGNKEY: 'foreign-key',
  SQLITE_CONSTRAINT_PRIMARYKEY: 'primary-key',
  SQLITE_CONSTRAINT_UNIQUE: 'unique',
};

/** Runs one repository call; `write` says whether it writes. */
type Run = <R>(call: () => R, write: boolean) => Promise<R>;

/** Each method of a synchronous repository as one answering a promise, run by `run`. */
function promising<Repo>(repo: Sync<Repo>, writes: readonly (keyof Repo)[], run: Run): Repo {
  const wrapped: Record<string, unknown> = {};
  for (const [name, method] of Object.entries(repo as Record<string, (...args: unknown[]) => unknown>)) {
    const write = writes.includes(name as keyof Repo);
    wrapped[name] = (...args: unknown[]) => run(() => method.apply(repo, args), write);
  }
  return wrapped as Repo;
}

/** The methods of each repository that write. */
const WRITES: { [K in keyof Tables]: readonly (keyof Tables[K])[] } = {
  accounts: ['ensure', 'defaultId', 'insert', 'deleteAll'],
  accountData: ['deleteOwned', 'update'],
  tokens: ['ensure', 'revoke', 'insert', 'deleteAll', 'setScopes'],
  workspaces: ['ensure', 'insert', 'deleteAll'],
  transcriptions: ['ensure', 'replaceTranscript', 'insert', 'deleteAll'],
  agents: ['create', 'deleteAll'],
  idempotency: ['claim', 'complete', 'store', 'trim', 'deleteAll'],
};

/**
 * `checkpoints` (the server's, not a one-shot CLI command's) moves the log's checkpoints to a
 * thread of their own (wal-checkpointer.ts), warning through it if that thread fails.
 */
export function openSqliteStore(
  path: string,
  bus?: ChangeBus,
  checkpoints?: { warn: CheckpointerWarn },
): Store {
  const database = openSqlite(path);
  const { db, sqlite } = database;
  const checkpointer =
    checkpoints === undefined || sqlite.memory
      ? undefined
      : startWalCheckpointer(sqlite, builtWorker('wal-checkpoint-worker'), checkpoints.warn);
  const tables = {
    accounts: createAccountsRepo(db),
    accountData: createAccountDataRepo(db),
    tokens: createTokensRepo(db),
    workspaces: createWorkspacesRepo(db),
    transcriptions: createTranscriptionsRepo(db),
    agents: createAgentsRepo(db),
    idempotency: createIdempotencyRepo(db),
  };
  const faults = new FaultLog();
  const failure = (error: unknown) => failureOf(error, sqliteFaultOf, faults);
  // Every commit, a batch's or a transaction's, is checked to be durable (a write into a deleted or
  // replaced file succeeds in SQLite and is lost at the next start, so it must fail instead of
  // answering 201); a write is acknowledged only after its commit.
  const batches = new WriteBatches(sqlite, database.assertDurable, failure);

  /** Settles when the open transaction ends; undefined when none is open. */
  let open: Promise<void> | undefined;
  const whenIdle: Run = async (call, write) => {
    while (open) await open;
    return batches.run(call, write);
  };
  const atOnce: Run = (call) => batches.atOnce(call);
  /** For the health probes, which commit on their own: between transactions and batches. */
  const between = async <R>(call: () => R): Promise<R> => {
    for (let waitFor = open ?? batches.beforeLock(); waitFor; waitFor = open ?? batches.beforeLock())
      await waitFor;
    return batches.atOnce(call);
  };
  const tablesRun = (run: Run): Tables => ({
    accounts: promising(tables.accounts, WRITES.accounts, run),
    accountData: promising(tables.accountData, WRITES.accountData, run),
    tokens: promising(tables.tokens, WRITES.tokens, run),
    workspaces: promising(tables.workspaces, WRITES.workspaces, run),
    transcriptions: promising(tables.transcriptions, WRITES.transcriptions, run),
    agents: promising(tables.agents, WRITES.agents, run),
    idempotency: promising(tables.idempotency, WRITES.idempotency, run),
  });

  const inTransaction: Repositories = {
    ...tablesRun(atOnce),
    transaction: (fn) => fn(inTransaction),
    requestTransaction: (fn) => fn(inTransaction),
  };
  /**
   * Runs `work` with every other call kept out (they wait for `open`), handing it the promise that
   * settles when it ends; its failure is a storage failure when the driver's.
   */
  const alone = async <T>(work: (opened: Promise<void>) => Promise<T>): Promise<T> => {
    while (open) await open;
    let ended: () => void = () => undefined;
    const opened = new Promise<void>((resolve) => {
      ended = resolve;
    });
    open = opened;
    try {
      return await work(opened);
    } catch (error) {
      throw failure(error);
    } finally {
      open = undefined;
      ended();
    }
  };
  const transaction = <T>(fn: (tx: Repositories) => Promise<T>): Promise<T> =>
    alone(async (opened) => {
      // The turn's batch commits first; calls made meanwhile wait for this transaction. So does
      // another store's of this process on the file (see write-batch.ts, `holders`).
      for (let waitFor = batches.beforeLock(); waitFor; waitFor = batches.beforeLock()) await waitFor;
      sqlite.exec('BEGIN IMMEDIATE');
      batches.hold(opened);
      try {
        const result = await fn(inTransaction);
        sqlite.exec('COMMIT');
        database.assertDurable();
        return result;
      } catch (error) {
        if (sqlite.inTransaction) sqlite.exec('ROLLBACK');
        throw error;
      }
    });
  const requestTransaction = async <T>(fn: (tx: Repositories) => Promise<T>): Promise<T> => {
    const saved = await alone(() => batches.savepoint(() => fn(inTransaction)));
    // Answered only once the batch it was released into is kept (others need not wait for that).
    await saved.kept;
    return saved.result;
  };
  const repos: Repositories = {
    ...tablesRun(whenIdle),
    transaction,
    requestTransaction,
  };

  const watch = path === ':memory:' ? NO_FOREIGN_CHANGES : watchDataVersion(sqlite);
  const probes = sqliteProbes(database);
  const health = storeHealth(
    {
      probe: () => between(() => probes.probe()),
      integrity: () => between(() => probes.integrity()),
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
      batches.flush();
      checkpointer?.close();
      database.close();
    },
  };
}
