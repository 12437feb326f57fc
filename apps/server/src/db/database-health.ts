import type { OpenDatabase } from './open-database.js';
import { nowIso } from './time.js';

/** How long a successful write probe vouches for the database; /healthz is polled and benchmarked. */
const PROBE_INTERVAL_MS = 1000;

interface HealthLog {
  error(details: object, message: string): void;
  info(message: string): void;
}

/**
 * What /healthz answers: the opened files are still the ones at the configured path (checked on
 * every call; a stat is cheap) and a committed one-row write succeeds (at most once a second). A
 * rolled-back write or `BEGIN IMMEDIATE` would only prove the lock is free: neither writes a page,
 * so neither notices a full disk or an I/O error. The reason goes to the log, once per change.
 */
export function createHealthCheck(database: OpenDatabase, log: HealthLog): () => boolean {
  const probe = database.sqlite.prepare(
    'INSERT INTO health_probe (id, checked_at) VALUES (1, ?) ON CONFLICT (id) DO UPDATE SET checked_at = excluded.checked_at',
  );
  let probedAt = Number.NEGATIVE_INFINITY;
  let lastProblem: string | undefined;
  const problemNow = (): string | undefined => {
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
  return () => {
    const problem = problemNow();
    if (problem !== lastProblem) {
      if (problem) log.error({ reason: problem }, 'database unavailable: /healthz answers 503');
      else if (lastProblem) log.info('database available again');
      lastProblem = problem;
    }
    return problem === undefined;
  };
}
