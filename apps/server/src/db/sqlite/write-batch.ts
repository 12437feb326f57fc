/**
 * Group commit: the repository calls made outside a transaction in one turn of the event loop share
 * one transaction, committed once the turn's I/O callbacks have run (`setImmediate`). The write-ahead
 * log is then written once for all of them, and the durability check (the file still the one opened,
 * see OpenSqlite.assertDurable) runs once a commit instead of once a write.
 *
 * Nothing is acknowledged before it is kept: every call made while a batch is open, reads included
 * (they may have seen the batch's writes), settles only when the batch has committed and been found
 * durable, and fails if that fails. A write that fails on its own (a constraint it broke) fails alone,
 * as SQLite rolls back just its statement; one after which SQLite has rolled back the whole
 * transaction (a full disk, an I/O error) fails the batch's earlier calls with it. A read made while
 * no batch is open answers at once, as before.
 *
 * A request's own transaction (its write and its `Idempotency-Key` answer, kept together or not at
 * all) is a savepoint of the turn's batch: released into the batch, or rolled back alone, and
 * committed with it. A commit of its own for each wrote the log once a request again, and keyed
 * creates (the SDK sends a key with every POST) ran far slower than unkeyed ones (their ratio:
 * bench/server-throughput.mjs, bench/compare-builds.mjs). The batch does not commit while a
 * savepoint is open.
 */
import { resolve } from 'node:path';
import type Database from 'better-sqlite3';

/**
 * Which connection of this process holds each database file's write lock across turns of the event
 * loop (a batch, or a transaction of the store's), and when it lets go. Two stores on one file in
 * one process (two servers a test starts, say) must not ask for the lock while the other holds it:
 * SQLite would make the asker wait synchronously (busy_timeout), blocking the very thread the holder
 * needs to commit, and then fail it. The asker waits for the holder's end instead. Another process
 * on the file waits in SQLite as before: its holder commits on its own thread.
 */
const holders = new Map<string, { owner: WriteBatches; released: Promise<void> }>();

interface Batch {
  /** Settles each call of the batch: `null` once kept, else the failure to reject it with. */
  settles: ((failure: unknown) => void)[];
  end(): void;
  ended: Promise<void>;
  /** Whether a savepoint (a request's transaction) is open in it: the commit waits for its end. */
  saving: boolean;
  /** Set when the turn ended while a savepoint was open: the batch commits as the savepoint ends. */
  due: boolean;
}

/** A savepoint's outcome: its callback's result, and when the batch it was released into is kept. */
export interface Saved<T> {
  result: T;
  /** Settles once the batch is committed and durable; rejects with the batch's failure. */
  kept: Promise<void>;
}

export class WriteBatches {
  #open: Batch | undefined;
  /** The file's key in `holders`; undefined for an in-memory database (no other connection sees it). */
  readonly #file: string | undefined;

  constructor(
    private readonly sqlite: Database.Database,
    private readonly assertDurable: () => void,
    /** What a call rejects with for a driver's error (a storage fault becomes a 503's error). */
    private readonly failure: (error: unknown) => unknown,
  ) {
    this.#file = sqlite.memory ? undefined : resolve(sqlite.name);
  }

  /** Marks the file's write lock this store's until `released` settles (a transaction of the store's). */
  hold(released: Promise<void>): void {
    const file = this.#file;
    if (file === undefined) return;
    const holder = { owner: this, released };
    holders.set(file, holder);
    void released.then(() => {
      if (holders.get(file) === holder) holders.delete(file);
    });
  }

  /**
   * When another store of this process holds the file's write lock, what settles when it lets go;
   * undefined when none does. Checked right before taking the lock, with no await in between.
   */
  #otherHolder(): Promise<void> | undefined {
    const holder = this.#file === undefined ? undefined : holders.get(this.#file);
    return holder === undefined || holder.owner === this ? undefined : holder.released;
  }

  /**
   * What to wait for before taking the file's write lock outside a batch: this store's open batch,
   * else another store of this process holding the lock; undefined when the lock is free to take.
   */
  beforeLock(): Promise<void> | undefined {
    return this.#open !== undefined ? this.#idle() : this.#otherHolder();
  }

  /** Settles once no batch is open (a batch opened meanwhile is waited for too). */
  async #idle(): Promise<void> {
    while (this.#open) await this.#open.ended;
  }

  /** Runs `call` now, in the open batch (a write opens one); settles once the batch is kept. */
  run<R>(call: () => R, write: boolean): Promise<R> {
    let batch = this.#open;
    if (batch === undefined) {
      if (!write) return this.atOnce(call);
      const other = this.#otherHolder();
      if (other !== undefined) return other.then(() => this.run(call, write));
      try {
        batch = this.#begin();
      } catch (error) {
        return Promise.reject(this.failure(error));
      }
    }
    let result: R;
    try {
      result = call();
    } catch (error) {
      const failure = this.failure(error);
      if (!this.sqlite.inTransaction) this.#settle(batch, failure);
      return Promise.reject(failure);
    }
    return this.#kept(batch, result);
  }

  /**
   * Runs `work` as a savepoint of the turn's batch (opening one if none is): what it writes is
   * released into the batch when it settles, or rolled back alone when it throws (which is then
   * rethrown). Resolves as the savepoint ends, with `kept` for the batch's commit. The caller keeps
   * every other call out while `work` runs: their statements would be part of the savepoint.
   */
  async savepoint<T>(work: () => Promise<T>): Promise<Saved<T>> {
    let batch = this.#open;
    while (batch === undefined) {
      const other = this.#otherHolder();
      if (other === undefined) batch = this.#begin();
      else {
        await other;
        batch = this.#open;
      }
    }
    batch.saving = true;
    try {
      this.sqlite.exec('SAVEPOINT request');
      const result = await work();
      this.sqlite.exec('RELEASE request');
      return { result, kept: this.#kept(batch, undefined) };
    } catch (error) {
      if (this.sqlite.inTransaction) {
        this.#rollBackTo();
        throw error;
      }
      // SQLite rolled the whole batch back (a full disk, an I/O error): its calls fail with it.
      const failure = this.failure(error);
      this.#settle(batch, failure);
      throw failure;
    } finally {
      batch.saving = false;
      if (batch.due) this.#commit(batch);
    }
  }

  /** Commits the open batch now (before the database closes). */
  flush(): void {
    if (this.#open) this.#commit(this.#open);
  }

  /** Runs `call` now, outside any batch (in a transaction of the caller's, or a probe's own). */
  async atOnce<R>(call: () => R): Promise<R> {
    try {
      return call();
    } catch (error) {
      throw this.failure(error);
    }
  }

  /** Resolves with `value` once `batch` is committed and durable; rejects with its failure. */
  #kept<R>(batch: Batch, value: R): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      batch.settles.push((failure) => (failure === null ? resolve(value) : reject(failure)));
    });
  }

  /** Takes the write lock and opens this turn's batch; throws the driver's error when it cannot. */
  #begin(): Batch {
    this.sqlite.exec('BEGIN IMMEDIATE');
    let end: () => void = () => undefined;
    const ended = new Promise<void>((resolve) => {
      end = resolve;
    });
    const batch: Batch = { settles: [], end, ended, saving: false, due: false };
    this.#open = batch;
    this.hold(ended);
    setImmediate(() => this.#commit(batch));
    return batch;
  }

  #commit(batch: Batch): void {
    // Already settled: SQLite rolled it back, or it was flushed.
    if (this.#open !== batch) return;
    if (batch.saving) {
      batch.due = true;
      return;
    }
    try {
      this.sqlite.exec('COMMIT');
      this.assertDurable();
    } catch (error) {
      if (this.sqlite.inTransaction) this.#rollBack();
      this.#settle(batch, this.failure(error));
      return;
    }
    this.#settle(batch, null);
  }

  /** Undoes a savepoint's writes, keeping the batch's others. */
  #rollBackTo(): void {
    try {
      this.sqlite.exec('ROLLBACK TO request');
      this.sqlite.exec('RELEASE request');
    } catch {
      // The connection is gone; its transaction with it.
    }
  }

  #rollBack(): void {
    try {
      this.sqlite.exec('ROLLBACK');
    } catch {
      // The connection is gone; its transaction with it.
    }
  }

  #settle(batch: Batch, failure: unknown): void {
    this.#open = undefined;
    for (const settle of batch.settles) settle(failure);
    batch.end();
  }
}
