/**
 * Which errors of better-sqlite3 are storage faults (see StorageFaultKind), by SQLite's extended
 * result code: the file system or the file failing, never the request. Constraint violations and
 * misuse (a bug) are not faults and stay errors of their own.
 */
import { errorCodes } from '../error-codes.js';
import { reasonOf, StorageError, type StorageFault, type StorageFaultKind } from '../storage-error.js';

/** By primary result code (the extended codes start with it: SQLITE_IOERR_WRITE, SQLITE_READONLY_DBMOVED…). */
const KINDS: [prefix: string, kind: StorageFaultKind][] = [
  ['SQLITE_FULL', 'full'],
  ['SQLITE_READONLY', 'read-only'],
  ['SQLITE_IOERR', 'io-error'],
  ['SQLITE_CANTOPEN', 'io-error'],
  ['SQLITE_PROTOCOL', 'io-error'],
  ['SQLITE_NOLFS', 'io-error'],
  ['SQLITE_CORRUPT', 'corrupt'],
  ['SQLITE_NOTADB', 'corrupt'],
  ['SQLITE_BUSY', 'busy'],
  ['SQLITE_LOCKED', 'busy'],
];

/** The fault `error` is, or undefined when it is another error. */
export function sqliteFaultOf(error: unknown): StorageFault | undefined {
  // assertDurable: the file was deleted or replaced under the running server.
  if (error instanceof StorageError) return { kind: 'gone', reason: error.message };
  for (const code of errorCodes(error)) {
    const found = KINDS.find(([prefix]) => code === prefix || code.startsWith(`${prefix}_`));
    if (found) return { kind: found[1], reason: `${code}: ${reasonOf(error)}` };
  }
  // better-sqlite3's own TypeError once the connection is closed (the server is stopping).
  if (error instanceof TypeError && /database connection is not open/.test(error.message))
    return { kind: 'unreachable', reason: error.message };
  return undefined;
}
