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
        this.sqlite.exec('BEGIN IMMEDIATE');
      } catch (error) {
        return Promise.reject(this.failure(error));
      }
      batch = this.#begin();
    }
    let result: R;
    try {
      result = call();
    } catch (error) {
      const failure = this.failure(error);
      if (!this.sqlite.inTransaction) this.#settle(batch, failure);
      return Promise.reject(failure);
    }
    const open = batch;
    return new Promise<R>((resolve, reject) => {
      open.settles.push((failure) => (failure === null ? resolve(result) : reject(failure)));
    });
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

  #begin(): Batch {
    let end: () => void = () => undefined;
    const ended = new Promise<void>((resolve) => {
      end = resolve;
    });
    const batch: Batch = { settles: [], end, ended };
    this.#open = batch;
    this.hold(ended);
    setImmediate(() => this.#commit(batch));
    return batch;
  }

  #commit(batch: Batch): void {
    // Already settled: SQLite rolled it back, or it was flushed.
    if (this.#open !== batch) return;
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
