/**
 * PostgreSQL's health probes (see store-health.ts), each answering within PROBE_TIMEOUT_MS or
 * failing as `unreachable`:
 * - `probe`: the one-row write of health_probe, committed, then one query reading the first and
 *   last row of every table by its primary key (each table's index root and outer pages, and the
 *   rows' heap pages). The write proves the server answers, this instance can log in and the
 *   database takes writes (not a standby, not `default_transaction_read_only`, not out of space);
 *   the read that every table can still be read. Durability of what it commits is PostgreSQL's own
 *   (synchronous_commit), not this process's.
 * - `integrity`: every table read whole (`count(*)` scans every heap page, whose checksums and
 *   headers PostgreSQL checks), asked only while a corruption a request met is noted.
 */
import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import { reasonOf, type StorageFault, type StorageFaultKind } from '../storage-error.js';
import type { HealthProbes } from '../store-health.js';
import { nowIso } from '../time.js';
import { postgresFaultOf } from './postgres-faults.js';
import * as schema from './schema.js';

/** A database that has not answered a probe by then is unavailable, whatever it answers later. */
const PROBE_TIMEOUT_MS = 2000;
const INTEGRITY_TIMEOUT_MS = 30_000;

const TABLES = Object.values(schema as Record<string, unknown>)
  .filter((value): value is PgTable => is(value, PgTable))
  .map((table) => `"${getTableName(table)}"`);

const READ_EACH_TABLE = `SELECT ${TABLES.flatMap((table) => [
  `(SELECT id FROM ${table} ORDER BY id LIMIT 1)`,
  `(SELECT id FROM ${table} ORDER BY id DESC LIMIT 1)`,
]).join(', ')}`;
const COUNT_EACH_TABLE = `SELECT ${TABLES.map((table) => `(SELECT count(*) FROM ${table})`).join(', ')}`;

const faultOf = (error: unknown, otherwise: StorageFaultKind): StorageFault =>
  postgresFaultOf(error) ?? { kind: otherwise, reason: reasonOf(error) };

/** `work`'s fault, or `unreachable` once it has taken `ms`. */
async function within(ms: number, work: () => Promise<StorageFault | undefined>) {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<StorageFault>((resolve) => {
    timer = setTimeout(
      () => resolve({ kind: 'unreachable', reason: `the database did not answer within ${ms} ms` }),
      ms,
    );
  });
  try {
    return await Promise.race([work(), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export function postgresProbes(pool: pg.Pool): HealthProbes {
  return {
    probe: () =>
      within(PROBE_TIMEOUT_MS, async () => {
        try {
          await pool.query(
            'INSERT INTO health_probe (id, checked_at) VALUES (1, $1) ON CONFLICT (id) DO UPDATE SET checked_at = excluded.checked_at',
            [nowIso()],
          );
        } catch (error) {
          return faultOf(error, 'unreachable');
        }
        try {
          await pool.query(READ_EACH_TABLE);
        } catch (error) {
          return faultOf(error, 'corrupt');
        }
        return undefined;
      }),
    integrity: () =>
      within(INTEGRITY_TIMEOUT_MS, async () => {
        try {
          await pool.query(COUNT_EACH_TABLE);
          return undefined;
        } catch (error) {
          return faultOf(error, 'corrupt');
        }
      }),
  };
}
