/**
 * Worker threads (piscina) for large request bodies: see body-worker.ts. One starts with the server,
 * so the first large body does not pay for a thread starting beside it (a tenth of a second of both
 * cores on a small machine); a second starts on demand. A full queue answers 429.
 */
import { availableParallelism } from 'node:os';
import type { CheckedRequest, Violation } from '@assistant-platform/types/validation';
import { Piscina } from 'piscina';
import { ApiError } from '../../contract/api-error.js';
import type { AnswerTask, BodyOperation, BodyTask, BodyTaskResult } from './body-worker.js';
import { builtWorker } from './built-worker.js';

/**
 * Node 20.19+ loads an ES module worker entry through require(esm) (piscina tries `require` before
 * `import()`), and a worker terminated while that load runs aborts the whole process (a Node bug:
 * a pool destroyed right after it started a thread crashed test runs, about one in a few hundred
 * build-and-close cycles). Without require(esm) piscina imports the entry, which a termination
 * interrupts safely. The flag exists since Node 20.17; before, require(esm) does not either.
 */
const WORKER_EXEC_ARGV = process.allowedNodeEnvironmentFlags.has('--no-experimental-require-module')
  ? [...process.execArgv, '--no-experimental-require-module']
  : undefined;

/** Bodies from this size on are parsed and validated on a worker. */
export const OFFLOAD_BYTES = 128 * 1024;

export interface BodyPool {
  /**
   * The validated body (and with `hash`, the canonical hash of the body as received), or an
   * ApiError: 400 with its issues, 429 when the queue is full.
   */
  validate(
    operation: BodyOperation,
    bytes: Uint8Array,
    hash: boolean,
  ): Promise<{ value: unknown; bodyHash: string | null }>;
  /** A proxied request checked against the contract (its operation, and what it breaks). */
  checkRequest(request: CheckedRequest): Promise<{ operationId: string | null; violations: Violation[] }>;
  /** A proxied answer's body checked against the contract. */
  checkAnswer(task: AnswerTask): Promise<Violation[]>;
  close(): Promise<void>;
}

export function createBodyPool(chatModels: readonly string[], onError: (error: unknown) => void): BodyPool {
  const threads = Math.min(2, availableParallelism());
  const pool = new Piscina({
    filename: builtWorker('body-worker'),
    minThreads: 1,
    maxThreads: threads,
    idleTimeout: 60_000,
    maxQueue: threads * 32,
    ...(WORKER_EXEC_ARGV === undefined ? {} : { execArgv: WORKER_EXEC_ARGV }),
  });
  pool.on('error', onError);
  const models = [...chatModels];
  return {
    async validate(operation, bytes, hash) {
      let result: BodyTaskResult;
      try {
        const task: BodyTask = { operation, bytes, chatModels: models, hash };
        result = await pool.run(task);
      } catch (error) {
        if (/queue is at limit/i.test((error as Error).message)) throw new ApiError(429, [], 1);
        throw error;
      }
      if (!result.ok) throw new ApiError(400, result.issues);
      return { value: result.value, bodyHash: result.bodyHash };
    },
    checkRequest: (request) => pool.run(request, { name: 'checkRequest' }),
    checkAnswer: (task) => pool.run(task, { name: 'checkAnswer' }),
    close: () => pool.destroy(),
  };
}
