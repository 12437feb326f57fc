/**
 * Why PostgreSQL cannot be used, said for the operator at start-up: DATABASE_URL (without its
 * password), the server it names and what went wrong, in words rather than a driver's error code.
 * The server's own messages (a login refused, a database missing) never contain the password.
 */
import type { PostgresTarget } from '../../config/database-url.js';
import { errorCodes } from '../error-codes.js';

/** What a network-level failure means, by Node's error code. */
const NETWORK: Record<string, string> = {
  ECONNREFUSED: 'connection refused (is PostgreSQL running, and listening on that address and port?)',
  ENOTFOUND: 'the host name does not resolve',
  EAI_AGAIN: 'the host name does not resolve (DNS did not answer)',
  ETIMEDOUT: 'no answer (a firewall, or a wrong address?)',
  EHOSTUNREACH: 'the host cannot be reached',
  ENETUNREACH: 'the network cannot be reached',
  ECONNRESET: 'the server closed the connection (does it require SSL? add ?sslmode=require)',
};

/** What a refusal by the server means, by SQLSTATE. */
const SERVER: Record<string, (message: string) => string> = {
  '28P01': (message) => `the login was refused: ${message}`,
  '28000': (message) => `the login was refused: ${message}`,
  '3D000': (message) => `${message} (create it first, e.g. createdb, or name another in the URL)`,
  '53300': (message) => `the server takes no more connections: ${message}`,
  '57P03': (message) => `the server is not accepting connections yet: ${message}`,
};

function reasonOf(error: unknown): string {
  const codes = errorCodes(error);
  for (const code of codes) {
    const network = NETWORK[code];
    if (network) return network;
  }
  const message = innermostMessage(error);
  for (const code of codes) {
    const server = SERVER[code];
    if (server) return server(message);
  }
  if (/timeout/i.test(message)) return 'no answer in time (a firewall, or a wrong address?)';
  if (/password must be a string/i.test(message))
    return 'the server asks for a password and the URL gives none';
  // AggregateError (several addresses tried) carries the codes of its errors, not its own.
  if (error instanceof AggregateError && error.errors.length > 0) return reasonOf(error.errors[0]);
  return message;
}

/** The driver's own words: Drizzle's wrapper says only which query failed, its cause why. */
function innermostMessage(error: unknown): string {
  let innermost = error;
  while (innermost instanceof Error && innermost.cause instanceof Error) innermost = innermost.cause;
  return innermost instanceof Error ? innermost.message : String(innermost);
}

/** The start-up message for a failure to connect to, or to prepare, the database. */
export function describeConnectionError(error: unknown, target: PostgresTarget, doing: string): string {
  return `DATABASE_URL=${target.display}: ${doing} PostgreSQL at ${target.server}: ${reasonOf(error)}`;
}
