/**
 * A database that cannot be used, or can no longer keep what is written to it. At start-up its
 * message names DATABASE_URL and the path for the operator; during a request it is a storage fault
 * (below), answered 503.
 */
export class StorageError extends Error {
  override name = 'StorageError';
}

/**
 * Why a database cannot serve a request now, in words the same for both stores: what `/healthz`
 * names and the log says. None of these is the client's doing, and each may pass (a database
 * restarted, space freed, a file restored), so a request that meets one is answered 503 with
 * `Retry-After`, never 500.
 * - `unreachable`: no connection (PostgreSQL stopped, the network, a timeout), or the store closed;
 * - `full`: the disk or the database is full;
 * - `read-only`: the database or its file system refuses writes;
 * - `io-error`: reading or writing the file failed;
 * - `corrupt`: a page or a table cannot be read as what it should be;
 * - `busy`: another writer held the database longer than the store waits (a lock timeout);
 * - `gone`: the file opened was deleted or replaced while the server runs.
 */
export type StorageFaultKind =
  | 'unreachable'
  | 'full'
  | 'read-only'
  | 'io-error'
  | 'corrupt'
  | 'busy'
  | 'gone';

export interface StorageFault {
  kind: StorageFaultKind;
  /** The driver's words, for the log only (they may name paths and servers). */
  reason: string;
}

/** A request's storage fault, thrown by the repositories in place of the driver's error (its cause). */
export class StorageUnavailableError extends Error {
  override name = 'StorageUnavailableError';

  constructor(
    readonly fault: StorageFault,
    options?: { cause?: unknown },
  ) {
    super(`the database is unavailable (${fault.kind}): ${fault.reason}`, options);
  }
}

/** The words of an error and its causes, innermost last: what the log gets as a fault's reason. */
export function reasonOf(error: unknown): string {
  const words: string[] = [];
  for (let e = error; e instanceof Error; e = e.cause) if (!words.includes(e.message)) words.push(e.message);
  return words.length > 0 ? words.join(': ') : String(error);
}
