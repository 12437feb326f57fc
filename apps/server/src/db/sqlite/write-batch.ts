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
import type Database from 'better-sqlite3';

interface Batch {
  /** Settles each call of the batch: `null` once kept, else the failure to reject it with. */
  settles: ((failure: unknown) => void)[];
  end(): void;
  ended: Promise<void>;
}

export class WriteBatches {
  #open: Batch | undefined;

  constructor(
    private readonly sqlite: Database.Database,
    private readonly assertDurable: () => void,
    /** What a call rejects with for a driver's error (a storage fault becomes a 503's error). */
    private readonly failure: (error: unknown) => unknown,
  ) {}

  /** Settles once no batch is open (a batch opened meanwhile is waited for too). */
  async idle(): Promise<void> {
    while (this.#open) await this.#open.ended;
  }

  /** Whether a batch is open. */
  get busy(): boolean {
    return this.#open !== undefined;
  }

  /** Runs `call` now, in the open batch (a write opens one); settles once the batch is kept. */
  run<R>(call: () => R, write: boolean): Promise<R> {
    let batch = this.#open;
    if (batch === undefined) {
      if (!write) return this.atOnce(call);
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
