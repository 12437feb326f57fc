import { nowIso } from '../time.js';
import type { OpenSqlite } from './open-sqlite.js';

/** How long a successful write probe vouches for the database; /healthz is polled and benchmarked. */
const PROBE_INTERVAL_MS = 1000;

/**
 * Why the database cannot keep writes now: the opened files are no longer the ones at the
 * configured path (checked on every call; a stat is cheap), or a committed one-row write fails (at
 * most once a second). A rolled-back write or `BEGIN IMMEDIATE` would only prove the lock is free:
 * neither writes a page, so neither notices a full disk or an I/O error.
 */
export function sqliteProblem(database: OpenSqlite): () => string | undefined {
  const probe = database.sqlite.prepare(
    'INSERT INTO health_probe (id, checked_at) VALUES (1, ?) ON CONFLICT (id) DO UPDATE SET checked_at = excluded.checked_at',
  );
  let probedAt = Number.NEGATIVE_INFINITY;
  return () => {
    if (!database.sqlite.open) return 'the database is closed';
    const moved = database.identity.problem();
    if (moved) return moved;
    const now = Date.now();
    if (now - probedAt < PROBE_INTERVAL_MS) return undefined;
    try {
      probe.run(nowIso());
    } catch (error) {
      probedAt = Number.NEGATIVE_INFINITY;
      return `a write to the database failed: ${error instanceof Error ? error.message : String(error)}`;
    }
    probedAt = now;
    return undefined;
  };
}
