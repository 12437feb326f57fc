/**
 * Which errors of node-postgres are storage faults (see StorageFaultKind): the server stopped or
 * unreachable, out of space, read-only, failing, corrupt or too busy, by SQLSTATE (its class where
 * the whole class is one kind), by Node's network error code, or by the words node-postgres uses for
 * a connection it lost or could not open in time (those carry no code). Constraint violations and
 * other errors (a bug) are not faults.
 */
import { errorCodes } from '../error-codes.js';
import { reasonOf, type StorageFault, type StorageFaultKind } from '../storage-error.js';

const SQLSTATES: Record<string, StorageFaultKind> = {
  '57P01': 'unreachable', // admin_shutdown: the server is stopping
  '57P02': 'unreachable', // crash_shutdown
  '57P03': 'unreachable', // cannot_connect_now: starting or in recovery
  '3D000': 'unreachable', // the database is gone (dropped)
  '28000': 'unreachable', // the login is refused
  '28P01': 'unreachable',
  '53100': 'full', // disk_full
  '53200': 'busy', // out_of_memory
  '53300': 'busy', // too_many_connections
  '25006': 'read-only', // read_only_sql_transaction: a standby, default_transaction_read_only
  '58000': 'io-error', // system_error
  '58030': 'io-error', // io_error
  '58P01': 'io-error', // undefined_file: a relation's file is missing
  XX001: 'corrupt', // data_corrupted
  XX002: 'corrupt', // index_corrupted
  '55P03': 'busy', // lock_not_available (lock_timeout)
  '57014': 'busy', // query_canceled (statement_timeout)
  '40001': 'busy', // serialization_failure
  '40P01': 'busy', // deadlock_detected
};

const NETWORK = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** node-postgres's words for a connection lost, not opened in time, or a pool or client ended. */
const LOST =
  /timeout exceeded when trying to connect|Connection terminated|Query read timeout|not queryable|after calling end on the pool|Client was closed/i;

/** The fault `error` is, or undefined when it is another error. */
export function postgresFaultOf(error: unknown): StorageFault | undefined {
  const codes = errorCodes(error);
  for (const code of codes) {
    // Class 08: connection exceptions.
    const kind = code.startsWith('08') && code.length === 5 ? 'unreachable' : SQLSTATES[code];
    if (kind) return { kind, reason: `${code}: ${reasonOf(error)}` };
    if (NETWORK.has(code)) return { kind: 'unreachable', reason: `${code}: ${reasonOf(error)}` };
  }
  const reason = reasonOf(error);
  if (LOST.test(reason)) return { kind: 'unreachable', reason };
  // Several addresses tried (localhost as ::1 and 127.0.0.1): the codes are its errors'.
  for (let e = error; e instanceof Error; e = e.cause) {
    if (!(e instanceof AggregateError)) continue;
    for (const inner of e.errors) {
      const fault = postgresFaultOf(inner);
      if (fault) return fault;
    }
  }
  return undefined;
}
