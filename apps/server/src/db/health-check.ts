import type { StorageFaultKind } from './storage-error.js';
import type { Store } from './store.js';

interface HealthLog {
  error(details: object, message: string): void;
  info(message: string): void;
}

/**
 * What /healthz answers of the database: the kind of fault that keeps it from serving requests now
 * (see Store.problem: its probe, or a fault a request met since), or undefined when it can. The
 * kind is a word safe to show anyone (`full`, `unreachable`…); the reason, which may name paths and
 * servers, goes to the log, once per change of kind, never to the client.
 */
export function createHealthCheck(
  store: Pick<Store, 'problem'>,
  log: HealthLog,
): () => Promise<StorageFaultKind | undefined> {
  let lastKind: StorageFaultKind | undefined;
  return async () => {
    const problem = await store.problem();
    if (problem?.kind !== lastKind) {
      if (problem) log.error({ reason: problem.reason }, `database ${problem.kind}: /healthz answers 503`);
      else if (lastKind) log.info('database available again');
      lastKind = problem?.kind;
    }
    return problem?.kind;
  };
}
