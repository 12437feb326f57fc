/**
 * SQLite's health probes (see store-health.ts):
 * - `moved`, on every call (a stat is cheap): the opened files are no longer the ones at the
 *   configured path (deleted or replaced), so nothing written now would be found at the next start;
 * - `probe`: one committed transaction that inserts a row of two pages into health_probe and
 *   deletes it again, so the commit must allocate pages and append them to the log as a create
 *   does: a full disk or database, a read-only file system or an I/O error fail it. A rolled-back
 *   write, `BEGIN IMMEDIATE` or an update in place would only prove the lock is free, and succeed in
 *   space the log already has. Then the first and last row of every table are read, which walks
 *   each table's root page and its two outer paths (a torn or overwritten page there fails);
 * - `integrity`: `PRAGMA quick_check`, every page of every table and index, asked only while a
 *   corruption a request met is noted.
 * The store runs them between transactions, never inside a request's.
 */
import type { StorageFault, StorageFaultKind } from '../storage-error.js';
import { reasonOf } from '../storage-error.js';
import type { HealthProbes } from '../store-health.js';
import { nowIso } from '../time.js';
import type { OpenSqlite } from './open-sqlite.js';
import { sqliteFaultOf } from './sqlite-faults.js';

/** Two pages' worth of text (pages are 4 KiB): more than the slack at the end of the log's last block. */
const PROBE_ROW = 'x'.repeat(8 * 1024);

const faultOf = (error: unknown, otherwise: StorageFaultKind): StorageFault =>
  sqliteFaultOf(error) ?? { kind: otherwise, reason: reasonOf(error) };

/** SQLite's probes answer at once (better-sqlite3 is synchronous); the store runs them between transactions. */
type SyncProbes = { [K in keyof HealthProbes]: () => Awaited<ReturnType<HealthProbes[K]>> };

export function sqliteProbes(database: OpenSqlite): SyncProbes & { moved(): StorageFault | undefined } {
  const { sqlite } = database;
  const upsert = sqlite.prepare(
    'INSERT INTO health_probe (id, checked_at) VALUES (?, ?) ON CONFLICT (id) DO UPDATE SET checked_at = excluded.checked_at',
  );
  const remove = sqlite.prepare('DELETE FROM health_probe WHERE id = ?');
  const write = sqlite.transaction(() => {
    upsert.run(2, PROBE_ROW);
    remove.run(2);
    upsert.run(1, nowIso());
  });
  const tables = (
    sqlite
      .prepare(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '\\_\\_%' ESCAPE '\\'",
      )
      .all() as { name: string }[]
  ).map(({ name }) => name);
  const reads = tables.flatMap((name) => [
    sqlite.prepare(`SELECT rowid FROM "${name}" ORDER BY rowid LIMIT 1`),
    sqlite.prepare(`SELECT rowid FROM "${name}" ORDER BY rowid DESC LIMIT 1`),
  ]);

  return {
    moved() {
      if (!sqlite.open) return { kind: 'unreachable', reason: 'the database is closed' };
      const moved = database.identity.problem();
      return moved === undefined ? undefined : { kind: 'gone', reason: moved };
    },
    probe() {
      if (!sqlite.open) return { kind: 'unreachable', reason: 'the database is closed' };
      try {
        write.immediate();
      } catch (error) {
        return faultOf(error, 'io-error');
      }
      try {
        for (const read of reads) read.get();
      } catch (error) {
        return faultOf(error, 'corrupt');
      }
      return undefined;
    },
    integrity() {
      try {
        const check = sqlite.pragma('quick_check', { simple: true });
        return check === 'ok' ? undefined : { kind: 'corrupt', reason: `quick_check: ${String(check)}` };
      } catch (error) {
        return faultOf(error, 'corrupt');
      }
    },
  };
}
