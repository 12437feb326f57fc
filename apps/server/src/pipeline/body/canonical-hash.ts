/**
 * The SHA-256 of a parsed JSON body's canonical text: object keys sorted (by UTF-16 code units),
 * no whitespace, numbers and strings as JSON.stringify writes them, which is RFC 8785's
 * canonical form for any value JSON.parse produced. Two bodies that differ only in key order or
 * spacing are the same request to an `Idempotency-Key`. safe-stable-stringify does the sorting
 * (pino already installs it); its cost is linear in the body, which is why a large body is hashed on
 * a body worker beside its parsing.
 */
import { createHash } from 'node:crypto';
import { configure } from 'safe-stable-stringify';

const canonicalJson = configure({ deterministic: true, bigint: false });

export function canonicalHash(value: unknown): string {
  return createHash('sha256')
    .update(canonicalJson(value) ?? '')
    .digest('hex');
}
