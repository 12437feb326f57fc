import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { PostgresTarget } from '../../config/database-url.js';
import { migrationsFolder } from '../migrations-folder.js';
import { StorageError } from '../storage-error.js';
import { describeConnectionError } from './connection-errors.js';
import * as schema from './schema.js';

export interface OpenPostgres {
  pool: pg.Pool;
  db: NodePgDatabase<typeof schema>;
}

interface PoolLog {
  warn(details: object, message: string): void;
}

/** Connections per instance: several requests' queries at once, well under a server's 100. */
const POOL_MAX = 10;
/** How long a request may wait for a connection (or a new one to open) before it fails. */
const CONNECT_TIMEOUT_MS = 5000;
/** No query may hold a request longer than this, however the database is doing. */
const QUERY_TIMEOUT_MS = 30_000;
/**
 * drizzle's PostgreSQL migrator takes no lock: two instances starting on one empty database would
 * both create its tables and one would fail. Whoever holds this session lock migrates; the other
 * waits, then finds nothing left to do.
 */
const MIGRATION_LOCK = 4_171_020_001;

export const APPLICATION_NAME = 'assistant-platform-server';

export function poolOptions(target: PostgresTarget): pg.PoolConfig {
  return {
    connectionString: target.url,
    max: POOL_MAX,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    query_timeout: QUERY_TIMEOUT_MS,
    application_name: APPLICATION_NAME,
  };
}

/**
 * Connects, checks the database stores UTF-8 (anything else would change or refuse the API's
 * text), and applies the committed migrations under an advisory lock. A failure stops start-up with
 * a StorageError naming DATABASE_URL (without its password), the server and the reason.
 */
export async function openPostgres(target: PostgresTarget, log: PoolLog): Promise<OpenPostgres> {
  const pool = new pg.Pool(poolOptions(target));
  // An idle connection the server closed (a restart, a timeout) is only logged: the pool opens
  // another on the next query. Without a listener, the error would end the process.
  pool.on('error', (error) => log.warn({ err: error }, 'PostgreSQL closed an idle connection'));
  // A connection checked out and waiting between the statements of a transaction (a request's,
  // open across its hooks) has no listener of the pool's: PostgreSQL ending it (a restart, an
  // admin's command) would be an unhandled 'error' event and end the process. The transaction
  // learns of it from its next statement (a storage fault, answered 503), and the pool drops it.
  pool.on('connect', (client) => client.on('error', () => undefined));
  let doing = 'cannot connect to';
  try {
    const client = await pool.connect();
    try {
      doing = 'cannot use';
      const encoding = (await client.query<{ server_encoding: string }>('SHOW server_encoding')).rows[0];
      if (encoding?.server_encoding !== 'UTF8')
        throw new Error(
          `the database's encoding is ${encoding?.server_encoding}, not UTF8 (create it with ENCODING 'UTF8')`,
        );
      doing = 'cannot migrate the database on';
      await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
      try {
        await migrate(drizzle({ client }), { migrationsFolder: migrationsFolder('postgres') });
      } finally {
        await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]);
      }
    } finally {
      client.release();
    }
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw new StorageError(describeConnectionError(error, target, doing), { cause: error });
  }
  return { pool, db: drizzle({ client: pool, schema }) };
}
