/**
 * A transaction on one connection of the pool, in place of drizzle's `db.transaction`, which never
 * gives its connection back when `BEGIN` fails (the statement runs before its try/finally): a
 * PostgreSQL that ends connections (a restart, an admin's command) would drain the pool one leaked
 * connection at a time until every request waited for one in vain. Here the connection always goes
 * back; one whose transaction could not be rolled back goes back as broken, so the pool closes it
 * instead of lending it again (one that lost its connection the pool drops by itself).
 */
import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import type { PgDb } from './pg-db.js';

/** Runs `fn` in a transaction whose first statement, sent with `BEGIN` in one round trip, is `first`. */
export async function poolTransaction<T>(
  pool: pg.Pool,
  first: string,
  fn: (tx: PgDb) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    // Without parameters, one query may hold several statements (the simple query protocol).
    await client.query(`BEGIN; ${first}`);
    try {
      // Without the schema: the repositories use no relational queries, and reading the schema's
      // relations costs every transaction tens of microseconds.
      const result = await fn(drizzle({ client }) as unknown as PgDb);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      // After a failed COMMIT there is no transaction left: PostgreSQL only warns.
      await client.query('ROLLBACK').catch((failed: unknown) => {
        broken = failed instanceof Error ? failed : new Error(String(failed));
      });
      throw error;
    }
  } finally {
    client.release(broken);
  }
}
