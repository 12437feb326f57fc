/**
 * Worker threads (piscina) for large request bodies: see body-worker.ts. They start once the server
 * listens and its engines have loaded (`start()`; sooner, the threads' own start-up slows the
 * server's), so the first large body does not pay for a thread starting beside it (a tenth of a
 * second of both cores on a small machine). A thread terminated at a task's deadline is replaced at
 * once, the account whose task it was waiting for the replacement (the engines' pool-threads.ts),
 * and they run below the event loop's CPU priority. Every task (a body, a proxied exchange's check)
 * goes through the engines' fair queue: accounts in turn, tokens in turn inside one, and one
 * account on at most all threads but one, so one tenant's flood of large bodies does not make
 * another's wait behind it. A task has a deadline from the moment it is queued (WORK_DEADLINE_MS):
 * past it the request answers 503 with Retry-After, whether the task ran or not (a running one's
 * thread is terminated). A tenant whose queue is full answers 429 with the busy message.
 */
import { availableParallelism } from 'node:os';
import {
  DeadlinePassedError,
  FairQueue,
  QueueFullError,
  type Tenant,
} from '@assistant-platform/engines/fair-queue';
import {
  endedItsThread,
  niceIncrementOf,
  startPool,
  threadReplacements,
} from '@assistant-platform/engines/pool-threads';
import type { CheckedRequest, Violation } from '@assistant-platform/types/validation';
import type { Piscina } from 'piscina';
import { builtWorker } from '../../config/built-worker.js';
import { ApiError } from '../../contract/api-error.js';
import type { AnswerTask, BodyOperation, BodyTask, BodyTaskResult } from './body-worker.js';

/** The longest a thread's replacement is waited for (one failing at start-up never comes). */
const REPLACEMENT_WAIT_MS = 60_000;

/** Bodies from this size on are parsed and validated on a worker. */
export const OFFLOAD_BYTES = 128 * 1024;

export interface BodyPool {
  /**
   * The validated body (and with `hash`, the canonical hash of the body as received), or an
   * ApiError: 400 with its issues, 429 (busy) when the tenant's queue is full, 503 past the deadline.
   */
  validate(
    tenant: Tenant,
    operation: BodyOperation,
    bytes: Uint8Array,
    hash: boolean,
  ): Promise<{ value: unknown; bodyHash: string | null }>;
  /** A proxied request checked against the contract (its operation, and what it breaks). */
  checkRequest(
    tenant: Tenant,
    request: CheckedRequest,
  ): Promise<{ operationId: string | null; violations: Violation[] }>;
  /** A proxied answer's body checked against the contract. */
  checkAnswer(tenant: Tenant, task: AnswerTask): Promise<Violation[]>;
  /** Starts the threads now (the first task would start them too). */
  start(): void;
  close(): Promise<void>;
}

export interface BodyPoolOptions {
  /** The models the configured chat engine answers (chatRequest's body check). */
  chatModels: readonly string[];
  /** A task's deadline, from the moment it is queued. */
  deadlineMs: number;
  /** How much lower than the event loop's the CPU priority of its threads is (Linux nice). */
  workerNice: number;
  onError: (error: unknown) => void;
}

export function createBodyPool({ chatModels, deadlineMs, workerNice, onError }: BodyPoolOptions): BodyPool {
  const threads = Math.min(2, availableParallelism());
  let threadPool: Promise<{ pool: Piscina; replaced: () => Promise<void> }> | undefined;
  let closed = false;
  /**
   * The threads, started once: by `start()` when the server listens, or by the first task. piscina
   * itself loads then too, with the worker_threads machinery: none of it is on start-up's path.
   */
  const started = () => {
    threadPool ??= import('piscina').then(({ Piscina }) => {
      const pool = startPool(
        (startOptions) =>
          new Piscina({
            filename: builtWorker('body-worker'),
            minThreads: threads,
            maxThreads: threads,
            idleTimeout: Number.POSITIVE_INFINITY,
            niceIncrement: niceIncrementOf(workerNice),
            // The fair queue hands a task over only while a thread is free.
            maxQueue: threads,
            ...startOptions,
          }),
      );
      pool.on('error', onError);
      return { pool, replaced: threadReplacements(pool, REPLACEMENT_WAIT_MS) };
    });
    return threadPool;
  };
  const queue = new FairQueue({
    workers: threads,
    maxRunningPerAccount: Math.max(1, threads - 1),
    maxQueuedPerAccount: 64,
    maxQueuedPerToken: 32,
    maxQueued: 256,
  });
  /** A task in its tenant's turn; the queue's refusals as the answers they are. */
  const run = <T>(tenant: Tenant, task: unknown, name?: string, transferList?: ArrayBuffer[]): Promise<T> =>
    queue
      .run(
        tenant,
        async (signal, slot) => {
          const { pool, replaced } = await started();
          try {
            return (await pool.run(task, {
              signal,
              ...(name ? { name } : {}),
              ...(transferList ? { transferList } : {}),
            })) as T;
          } catch (error) {
            if (endedItsThread(error, signal)) slot.holdUntil(replaced());
            throw error;
          }
        },
        { deadlineMs },
      )
      .catch((error: unknown) => {
        if (error instanceof QueueFullError) throw ApiError.busy(1);
        if (error instanceof DeadlinePassedError) throw new ApiError(503, [], 1);
        throw error;
      });
  const models = [...chatModels];
  return {
    async validate(tenant, operation, bytes, hash) {
      const task: BodyTask = { operation, bytes, chatModels: models, hash };
      // The bytes move to the worker rather than being copied when they own their memory (a body
      // this large has its own): this thread then neither copies megabytes nor keeps them until
      // its next full collection, which a flood of large bodies would otherwise bring about often.
      const owned = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
      const result = await run<BodyTaskResult>(
        tenant,
        task,
        undefined,
        owned ? [bytes.buffer as ArrayBuffer] : undefined,
      );
      if (!result.ok) throw new ApiError(400, result.issues);
      return { value: result.value, bodyHash: result.bodyHash };
    },
    checkRequest: (tenant, request) => run(tenant, request, 'checkRequest'),
    checkAnswer: (tenant, task) => run(tenant, task, 'checkAnswer'),
    start: () => {
      if (!closed) started().catch(onError);
    },
    close: async () => {
      closed = true;
      queue.close(new Error('the body pool is closing'));
      // Threads whose start is under way are destroyed once started, never left running.
      await (await threadPool?.catch(() => undefined))?.pool.destroy();
    },
  };
}
