/**
 * Whether a store can serve requests now (Store.problem, what /healthz answers), for both stores.
 * Two sources, so it neither misses a fault nor depends on when it is asked:
 * - the store's probe (a committed write that must allocate a page, and a read of each table's
 *   first and last rows), asked at most once a second, concurrent callers sharing one;
 * - the faults requests met (FaultLog): a request's fault fails the next call at once, and is
 *   forgotten only once a probe started after it passes. A request's write that failed where the
 *   probe's passes is noted again by the next such write.
 * A corruption is forgotten only once the store's integrity check (every page of every table) passes,
 * asked at most once a minute while one is noted: a probe reading a few rows proves nothing about
 * the page that failed.
 */
import type { StorageFault } from './storage-error.js';
import type { FaultLog } from './storage-faults.js';

export interface HealthProbes {
  /** The fault met by a committed write and a read of each table, or undefined. Cheap. */
  probe(): Promise<StorageFault | undefined>;
  /** The fault met reading every page of every table, or undefined. Slow (linear in the data). */
  integrity(): Promise<StorageFault | undefined>;
}

/** How long a probe's answer stands; /healthz is polled by balancers and benchmarks. */
const PROBE_INTERVAL_MS = 1000;
const INTEGRITY_INTERVAL_MS = 60_000;

interface Probed {
  /** When the probe started (`performance.now()`). */
  at: number;
  fault: StorageFault | undefined;
}

export function storeHealth(probes: HealthProbes, faults: FaultLog): () => Promise<StorageFault | undefined> {
  let last: Probed | undefined;
  let running: Promise<Probed> | undefined;
  let integrityAt = Number.NEGATIVE_INFINITY;
  const probe = () => {
    running ??= (async () => {
      const at = performance.now();
      last = { at, fault: await probes.probe() };
      return last;
    })().finally(() => {
      running = undefined;
    });
    return running;
  };
  const integrity = async (noted: StorageFault): Promise<StorageFault | undefined> => {
    const now = performance.now();
    if (now - integrityAt < INTEGRITY_INTERVAL_MS) return noted;
    integrityAt = now;
    const fault = await probes.integrity();
    if (fault === undefined) faults.clearBefore(now);
    return fault ?? faults.last()?.fault;
  };

  return async () => {
    const noted = faults.last();
    const current =
      last !== undefined &&
      performance.now() - last.at < PROBE_INTERVAL_MS &&
      (noted === undefined || noted.at < last.at)
        ? last
        : await probe();
    if (current.fault !== undefined) return current.fault;
    const since = faults.last();
    if (since === undefined) return undefined;
    if (since.fault.kind === 'corrupt') return integrity(since.fault);
    faults.clearBefore(current.at);
    return faults.last()?.fault;
  };
}
