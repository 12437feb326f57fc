import type pg from 'pg';
import { nowIso } from '../time.js';

/** How long a successful write probe vouches for the database; /healthz is polled and benchmarked. */
const PROBE_INTERVAL_MS = 1000;
/** A database that has not answered the probe by then is unavailable, whatever it answers later. */
const PROBE_TIMEOUT_MS = 2000;

/**
 * Why the database cannot keep writes now: the one-row write of health_probe, committed (at most
 * once a second; concurrent /healthz calls share one probe), fails or does not answer within
 * PROBE_TIMEOUT_MS. A committed write proves the server answers, this instance can log in and the
 * database is not read-only (a standby, a full disk, `default_transaction_read_only`). Durability
 * of what it commits is PostgreSQL's own (synchronous_commit), not this process's.
 */
export function postgresProblem(pool: pg.Pool): () => Promise<string | undefined> {
  let probedAt = Number.NEGATIVE_INFINITY;
  let probing: Promise<string | undefined> | undefined;
  const probe = async (): Promise<string | undefined> => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<string>((resolve) => {
      timer = setTimeout(
        () => resolve(`the database did not answer within ${PROBE_TIMEOUT_MS} ms`),
        PROBE_TIMEOUT_MS,
      );
    });
    const write = pool
      .query(
        'INSERT INTO health_probe (id, checked_at) VALUES (1, $1) ON CONFLICT (id) DO UPDATE SET checked_at = excluded.checked_at',
        [nowIso()],
      )
      .then(
        () => undefined,
        (error: unknown) =>
          `a write to the database failed: ${error instanceof Error ? error.message : String(error)}`,
      );
    try {
      const problem = await Promise.race([write, timeout]);
      probedAt = problem === undefined ? Date.now() : Number.NEGATIVE_INFINITY;
      return problem;
    } finally {
      clearTimeout(timer);
    }
  };
  return async () => {
    if (Date.now() - probedAt < PROBE_INTERVAL_MS) return undefined;
    probing ??= probe().finally(() => {
      probing = undefined;
    });
    return probing;
  };
}
