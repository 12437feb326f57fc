/**
 * `Idempotency-Key` holds the other instances on the database see (see Store.holdKey): a session
 * advisory lock per held key, all on one connection of this instance, opened on the first hold.
 * PostgreSQL releases a session's locks when the session ends, so an instance that stops (even
 * killed) or loses its connection holds nothing: a key is never left "in progress" by a server that
 * is gone. Losing the connection loses the holds of requests still running; a duplicate may then
 * compute the same chat, and the first answer stored is the one both answer.
 *
 * The lock's key is 64 bits of SHA-256 over the account and the key: two keys sharing it (about one
 * chance in 2^64 per pair held at once) only make one answer 409 until the other is answered.
 */
import { createHash } from 'node:crypto';
import pg from 'pg';
import type { PostgresTarget } from '../../config/database-url.js';
import type { HoldKey } from '../key-holds.js';
import { APPLICATION_NAME, poolOptions } from './open-postgres.js';

export interface AdvisoryHolds {
  hold: HoldKey;
  close(): Promise<void>;
}

/** The signed 64-bit lock key of an account's key, as text (node-postgres's int8). */
function lockKey(accountId: number, key: string): string {
  const digest = createHash('sha256').update(`${accountId}\n${key}`).digest();
  return digest.readBigInt64BE(0).toString();
}

export function advisoryHolds(target: PostgresTarget): AdvisoryHolds {
  let session: Promise<pg.Client> | undefined;
  let closed = false;
  const connect = () => {
    const { connectionString, connectionTimeoutMillis, query_timeout } = poolOptions(target);
    const client = new pg.Client({
      connectionString,
      connectionTimeoutMillis,
      query_timeout,
      application_name: `${APPLICATION_NAME} (idempotency holds)`,
    });
    const opened = client.connect().then(() => client);
    const forget = () => {
      if (session === opened) session = undefined;
    };
    // A broken session holds nothing any more: the next hold opens another.
    client.on('error', forget);
    client.on('end', forget);
    opened.catch(forget);
    return opened;
  };
  return {
    async hold(accountId, key) {
      if (closed) throw new Error('the store is closed');
      session ??= connect();
      const client = await session;
      const lock = lockKey(accountId, key);
      const { rows } = await client.query<{ held: boolean }>(
        'SELECT pg_try_advisory_lock($1::int8) AS held',
        [lock],
      );
      if (rows[0]?.held !== true) return undefined;
      return {
        async release() {
          // A session that ended has released the lock already.
          if ((await session?.catch(() => undefined)) !== client) return;
          await client.query('SELECT pg_advisory_unlock($1::int8)', [lock]).catch(() => undefined);
        },
      };
    },
    async close() {
      closed = true;
      const client = await session?.catch(() => undefined);
      session = undefined;
      await client?.end().catch(() => undefined);
    },
  };
}
