/**
 * Checkpoints of a SQLite database's write-ahead log, off the event loop. Left to SQLite, the
 * commit that brings the log to 1,000 pages copies them into the database file and syncs it, there
 * and then: on a server taking steady writes (large creates), one commit every few seconds held
 * the event loop for the copy and its sync, and every account's requests waited behind it (a CPU
 * profile of bench/tenants.mjs's idle window shows it). Here the server's connection makes no
 * checkpoint of its own; a thread with a second connection makes them (wal-checkpoint-worker.ts).
 *
 * Should that thread fail or stop, the server's connection checkpoints as SQLite does by default
 * again, so the log never grows without bound. Closing waits (at most CLOSE_WAIT_MS) for the thread
 * to close its connection first: the last connection to close copies the log into the file and
 * removes it.
 */
import { Worker } from 'node:worker_threads';
import type Database from 'better-sqlite3';

/** How often the thread checkpoints. */
const CHECKPOINT_INTERVAL_MS = 1000;
/** SQLite's own threshold, restored when the thread is gone. */
const SQLITE_AUTOCHECKPOINT_PAGES = 1000;
const CLOSE_WAIT_MS = 2000;

export interface CheckpointerSetup {
  file: string;
  intervalMs: number;
  /** Set to 1 by the thread once its connection is closed. */
  closed: Int32Array;
}

export type FromCheckpointer = { type: 'failed'; reason: string };

/** How the checkpointer says its thread failed (the server's log). */
export type CheckpointerWarn = (details: Record<string, unknown>, message: string) => void;

export interface WalCheckpointer {
  /** Stops the thread, its connection closed first; call before closing the server's connection. */
  close(): void;
}

export function startWalCheckpointer(
  sqlite: Database.Database,
  workerFile: string,
  warn: CheckpointerWarn,
): WalCheckpointer {
  const closed = new Int32Array(new SharedArrayBuffer(4));
  sqlite.pragma('wal_autocheckpoint = 0');
  let stopped = false;
  let exited = false;
  let warned = false;
  const checkpointHere = (details: Record<string, unknown>) => {
    if (!warned) {
      warned = true;
      warn(details, 'sqlite: the checkpoint thread failed; the server checkpoints its log itself');
    }
    if (sqlite.open) sqlite.pragma(`wal_autocheckpoint = ${SQLITE_AUTOCHECKPOINT_PAGES}`);
  };
  const worker = new Worker(workerFile, {
    workerData: { file: sqlite.name, intervalMs: CHECKPOINT_INTERVAL_MS, closed } satisfies CheckpointerSetup,
  });
  // A checkpointer never keeps the process alive; closing the store stops it.
  worker.unref();
  worker.on('message', (message: FromCheckpointer) => checkpointHere({ reason: message.reason }));
  worker.on('error', (error) => checkpointHere({ err: error }));
  worker.on('exit', (code) => {
    exited = true;
    if (!stopped) checkpointHere({ exitCode: code });
  });
  return {
    close() {
      if (stopped) return;
      stopped = true;
      if (!exited) {
        worker.postMessage('close');
        Atomics.wait(closed, 0, 0, CLOSE_WAIT_MS);
      }
      void worker.terminate();
    },
  };
}
