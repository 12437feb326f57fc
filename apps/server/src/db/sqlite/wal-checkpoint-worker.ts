/**
 * The write-ahead log's checkpoints, on a thread of their own (wal-checkpointer.ts starts it): a
 * second connection to the database file copies what the log holds into the file every
 * `intervalMs` (again at once while commits outpace it), and syncs it. `PASSIVE` never waits for a
 * lock and never blocks a writer; the server's connection, whose automatic checkpoints are off,
 * restarts the log from its beginning at its next commit once everything in it has been copied.
 */
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import type { CheckpointerSetup, FromCheckpointer } from './wal-checkpointer.js';

const { file, intervalMs, closed } = workerData as CheckpointerSetup;
const port = parentPort;
if (port === null) throw new Error('wal-checkpoint-worker runs as a worker thread');

/**
 * Passes one tick may make. A pass copies the frames the log held when it began; commits made
 * meanwhile leave it incomplete, and then the log cannot restart. Each further pass has only those
 * newer frames to copy, so a few passes catch up with a steady writer (one pass a second did not,
 * and the log grew while a loaded machine took writes).
 */
const MAX_PASSES = 8;

type CheckpointResult = { busy: number; log: number; checkpointed: number };

// The file must be the server's: a checkpointer never creates a database of its own.
const db = new Database(file, { fileMustExist: true });
const timer = setInterval(() => {
  try {
    for (let pass = 0; pass < MAX_PASSES; pass++) {
      const [result] = db.pragma('wal_checkpoint(PASSIVE)') as CheckpointResult[];
      if (result === undefined || result.busy !== 0 || result.checkpointed >= result.log) break;
    }
  } catch (error) {
    port.postMessage({ type: 'failed', reason: String(error) } satisfies FromCheckpointer);
  }
}, intervalMs);

port.on('message', (message: 'close') => {
  if (message !== 'close') return;
  clearInterval(timer);
  db.close();
  // The server's connection waits for this before closing its own (see wal-checkpointer.ts).
  Atomics.store(closed, 0, 1);
  Atomics.notify(closed, 0);
  port.close();
});
