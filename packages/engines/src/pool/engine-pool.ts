/**
 * The offline engines as seen from the server: small work runs in this thread (work-size.ts), the
 * rest is a task on a pool of worker threads (piscina) behind a fair queue (fair-queue.ts): accounts
 * are served in turn and one account runs on at most all threads but one, so another account's task
 * never waits behind a backlog. A task has two budgets. Its run budget (`taskTimeoutMs`) starts when
 * a worker starts it: over it (or over its memory), its thread is terminated (piscina replaces it at
 * once, and the account waits for the replacement: pool-threads.ts) and the client gets a clear answer, a 400 naming the response schema when that is what made the
 * work too costly, a 500 otherwise. Its deadline (`deadlineMs`) starts when it is queued: past it the
 * client is answered at once, a 503 with Retry-After (the server's overload, not the request's
 * fault), whether the task ran or not. A tenant whose queue is full gets a 429 saying the server is
 * busy with its earlier work.
 */
import type { ContentBlock } from '@assistant-platform/types';
import { Piscina } from 'piscina';
import { createLocalEmbeddingEngine } from '../local-embeddings/index.js';
import { createReferenceChatEngine, planInThisThread } from '../reference-chat/index.js';
import { loadTokenizerWhenIdle } from '../reference-chat/tokenizer-when-idle.js';
import {
  type ChatEngine,
  type ChatEngineRequest,
  type EmbeddingEngine,
  type EngineCallOptions,
  EngineError,
  type EngineLogger,
  type EnginePoolConfig,
  type EnginePoolStats,
} from '../types.js';
import type { EngineTask, EngineTaskResult, EngineTaskStarted, PlannedAnswer } from './engine-task.js';
import { DeadlinePassedError, FairQueue, QueueFullError, type Tenant } from './fair-queue.js';
import { endedItsThread, niceIncrementOf, startPool, threadReplacements } from './pool-threads.js';
import { isSmallChat, isSmallEmbedding } from './work-size.js';
import { engineWorkerFile } from './worker-file.js';

const SCHEMA_POINTER = '/response_format/json_schema/schema';
/** Far longer than the `data:image/<type>;base64,` prefix the engine's image label reads. */
const MAX_IMAGE_URL = 256;
/** The longest a thread's replacement is waited for (one failing at start-up never comes). */
const REPLACEMENT_WAIT_MS = 60_000;
/** Work that names no tenant (a caller outside the server) shares one turn. */
const ANONYMOUS: Tenant = { account: '', token: '' };

export interface EnginePool {
  chat: ChatEngine;
  embeddings: EmbeddingEngine;
  close(): Promise<void>;
  stats(): EnginePoolStats;
}

export function createEnginePool(config: EnginePoolConfig, logger: EngineLogger): EnginePool {
  let piscina: { pool: Piscina; replaced: () => Promise<void> } | undefined;
  // Each running task's start: its budget's timer begins when its worker says it started.
  const onStart = new Map<number, () => void>();
  /**
   * The threads start with the first large task, not with the server, so start-up does not compete
   * with them for the cores; from then on the pool keeps all of them, and replaces at once a thread
   * terminated for a task; its threads run below the event loop's priority (pool-threads.ts).
   */
  const threads = () => {
    if (piscina) return piscina;
    const pool = startPool(
      (startOptions) =>
        new Piscina({
          filename: engineWorkerFile(),
          minThreads: config.threads,
          maxThreads: config.threads,
          // Workers keep their loaded tables; a new one costs a tokenizer load.
          idleTimeout: Number.POSITIVE_INFINITY,
          // The fair queue hands a task over only while a warm thread is free.
          maxQueue: config.threads,
          resourceLimits: { maxOldGenerationSizeMb: config.maxMemoryMb },
          niceIncrement: niceIncrementOf(config.workerNice),
          ...startOptions,
        }),
    );
    // A worker that dies with no task of its own (e.g. out of memory after its task was given up)
    // is reported as the pool's 'error' event: unheard, it would end the process.
    pool.on('error', (error: unknown) => logger.error({ err: error }, 'engine worker failed'));
    pool.on('message', (message: Partial<EngineTaskStarted>) => {
      if (typeof message?.engineTaskStarted === 'number') onStart.get(message.engineTaskStarted)?.();
    });
    piscina = { pool, replaced: threadReplacements(pool, REPLACEMENT_WAIT_MS) };
    return piscina;
  };
  let lastId = 0;
  // Tasks stopped for going over their time or memory budget, for metrics.
  let budgetOverruns = 0;
  const queue = new FairQueue({
    workers: config.threads,
    maxRunningPerAccount: Math.max(1, config.threads - 1),
    maxQueuedPerAccount: config.threads * 8,
    maxQueuedPerToken: config.threads * 4,
    maxQueued: config.threads * 32,
  });

  /**
   * Runs a task in its tenant's turn, within its deadline; its run budget starts when a worker
   * starts it, not while it waits.
   */
  async function run<T>(task: EngineTask, options: EngineCallOptions): Promise<T> {
    let budgetSpent = false;
    let result: EngineTaskResult<T>;
    const queuedAt = performance.now();
    let startedAt: number | undefined;
    try {
      result = await queue.run(
        options.tenant ?? ANONYMOUS,
        async (signal, slot) => {
          const { pool, replaced } = threads();
          const id = ++lastId;
          const budget = new AbortController();
          let timer: NodeJS.Timeout | undefined;
          onStart.set(id, () => {
            startedAt = performance.now();
            timer = setTimeout(() => {
              budgetSpent = true;
              budget.abort();
            }, config.taskTimeoutMs);
          });
          const stop = AbortSignal.any([signal, budget.signal]);
          try {
            const answer: EngineTaskResult<T> = await pool.run({ ...task, id }, { signal: stop });
            // The worker's own clock: its start message may come after its answer.
            startedAt = answer.startedAtMs - performance.timeOrigin;
            return answer;
          } catch (error) {
            // This account waits for the thread its task cost; the others keep theirs.
            if (endedItsThread(error, stop)) slot.holdUntil(replaced());
            throw error;
          } finally {
            clearTimeout(timer);
            onStart.delete(id);
          }
        },
        { deadlineMs: config.deadlineMs, signal: options.signal },
      );
    } catch (error) {
      throw failed(task, error, budgetSpent, options);
    } finally {
      options.onPooledTask?.({ queuedAt, startedAt, endedAt: performance.now() });
    }
    if (result.ok) return result.value;
    throw new EngineError(result.status, result.message, result.issues ? { issues: result.issues } : {});
  }

  function failed(task: EngineTask, error: unknown, timedOut: boolean, options: EngineCallOptions) {
    if (error instanceof QueueFullError) {
      logger.warn({ requestId: options.requestId }, 'engine queue full for this tenant');
      return new EngineError(429, "The engines are busy with this tenant's earlier work", {
        retryAfterSeconds: 1,
        busy: true,
      });
    }
    if (error instanceof DeadlinePassedError) {
      logger.warn(
        { requestId: options.requestId, kind: task.kind },
        `engine task ${error.started ? 'ran' : 'waited'} past its ${config.deadlineMs} ms deadline`,
      );
      return new EngineError(503, error.message, { retryAfterSeconds: 1, cause: error });
    }
    if (options.signal.aborted && !timedOut)
      return new EngineError(500, 'The request was cancelled', { cancelled: true });
    const outOfMemory = (error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY';
    if (timedOut || outOfMemory) budgetOverruns += 1;
    const what = outOfMemory ? `its ${config.maxMemoryMb} MB memory` : `its ${config.taskTimeoutMs} ms time`;
    logger.warn(
      { requestId: options.requestId, kind: task.kind, err: error },
      `engine task over ${what} budget`,
    );
    if ((timedOut || outOfMemory) && task.kind === 'chat' && task.request.response_format) {
      return new EngineError(400, 'Invalid input provided', {
        issues: [
          { path: SCHEMA_POINTER, message: `is too costly to answer within the engine's budget (${what})` },
        ],
      });
    }
    return new EngineError(500, `The engine task went over ${what} budget`, { cause: error });
  }

  // Small work stays in this thread (see work-size.ts), with engines of its own. This thread loads
  // the tokenizer once it is idle, or when an answer needs it first (tokenizer-when-idle.ts).
  const localEmbeddings = createLocalEmbeddingEngine();
  const planHere = planInThisThread(localEmbeddings);
  const tokenizer = loadTokenizerWhenIdle((error) =>
    logger.error({ err: error }, 'the tokenizer failed to load'),
  );
  return {
    chat: createReferenceChatEngine({
      plan: (request, options, shape) =>
        isSmallChat(request)
          ? planHere(request, options, shape)
          : run<PlannedAnswer>({ kind: 'chat', request: withShortImages(request), shape }, options),
    }),
    embeddings: {
      embed: (request, options) =>
        isSmallEmbedding(request)
          ? localEmbeddings.embed(request, options)
          : run<number[][]>({ kind: 'embed', request }, options),
      embedJson: (request, options) =>
        isSmallEmbedding(request)
          ? localEmbeddings.embedJson(request, options)
          : run<string>({ kind: 'embed-json', request }, options),
    },
    close: async () => {
      tokenizer.stop();
      queue.close(new Error('the engines are closing'));
      await piscina?.pool.destroy();
    },
    stats: () => ({ ...queue.counts(), budgetOverruns }),
  };
}

/**
 * The reference engine reads an image's URL only for its label (a file name, or the type of a data
 * URL), never its pixels: a data URL's base64 is cut before the request is copied to a worker, so a
 * multi-megabyte image costs the event loop no copy.
 */
function withShortImages(request: ChatEngineRequest): ChatEngineRequest {
  const shorten = (blocks: ContentBlock[]): ContentBlock[] =>
    blocks.map((block) =>
      block.type === 'image_url' &&
      block.image_url.url.startsWith('data:') &&
      block.image_url.url.length > MAX_IMAGE_URL
        ? { ...block, image_url: { url: block.image_url.url.slice(0, MAX_IMAGE_URL) } }
        : block,
    );
  return {
    ...request,
    message: { ...request.message, content: shorten(request.message.content) },
    memoryChat: request.memoryChat.map((turn) => ({ ...turn, content: shorten(turn.content) })),
  };
}
