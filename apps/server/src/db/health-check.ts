import type { Store } from './store.js';

interface HealthLog {
  error(details: object, message: string): void;
  info(message: string): void;
}

/**
 * What /healthz answers: whether the store can keep writes now (each dialect proves it its own way,
 * see Store.problem). The reason goes to the log, once per change, never to the client.
 */
export function createHealthCheck(store: Pick<Store, 'problem'>, log: HealthLog): () => Promise<boolean> {
  let lastProblem: string | undefined;
  return async () => {
    const problem = await store.problem();
    if (problem !== lastProblem) {
      if (problem) log.error({ reason: problem }, 'database unavailable: /healthz answers 503');
      else if (lastProblem) log.info('database available again');
      lastProblem = problem;
    }
    return problem === undefined;
  };
}
