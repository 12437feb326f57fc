/**
 * Storage faults met by requests, for both stores: each store classifies its driver's errors
 * (sqlite/sqlite-faults.ts, postgres/postgres-faults.ts), and every repository call passes its
 * failure through `failureOf`, which turns a fault into a StorageUnavailableError (answered 503 by
 * the error handler) and notes it in the store's FaultLog, so `/healthz` fails from the first
 * request that met it rather than from its next probe (store-health.ts). Errors that are not
 * storage faults (a constraint a write broke, a bug) pass unchanged.
 */

import { type StorageFault, StorageUnavailableError } from './storage-error.js';
import type { Repositories } from './store.js';

/** A store's classification of its driver's errors: the fault, or undefined for any other error. */
export type ClassifyFault = (error: unknown) => StorageFault | undefined;

/** The last storage fault a request met, with when (`performance.now()`), until a probe clears it. */
export class FaultLog {
  #noted: { fault: StorageFault; at: number } | undefined;

  note(fault: StorageFault): void {
    this.#noted = { fault, at: performance.now() };
  }

  last(): { fault: StorageFault; at: number } | undefined {
    return this.#noted;
  }

  /** Forgets the fault noted, unless a newer one was noted after `at`. */
  clearBefore(at: number): void {
    if (this.#noted !== undefined && this.#noted.at <= at) this.#noted = undefined;
  }
}

/** What a repository call throws for `error`: a noted StorageUnavailableError when it is a fault. */
export function failureOf(error: unknown, classify: ClassifyFault, log: FaultLog): unknown {
  if (error instanceof StorageUnavailableError) return error;
  const fault = classify(error);
  if (fault === undefined) return error;
  log.note(fault);
  return new StorageUnavailableError(fault, { cause: error });
}

type Tables = Omit<Repositories, 'transaction' | 'requestTransaction'>;

/** Every method of every repository of `tables`, its rejections passed through `failureOf`. */
export function guardTables(tables: Tables, classify: ClassifyFault, log: FaultLog): Tables {
  const guarded: Record<string, unknown> = {};
  for (const [name, repo] of Object.entries(tables)) {
    const methods: Record<string, unknown> = {};
    for (const [method, call] of Object.entries(
      repo as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>,
    ))
      methods[method] = (...args: unknown[]) =>
        call.apply(repo, args).catch((error: unknown) => {
          throw failureOf(error, classify, log);
        });
    guarded[name] = methods;
  }
  return guarded as unknown as Tables;
}
