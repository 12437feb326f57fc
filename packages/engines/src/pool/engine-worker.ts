/**
 * The entry of an engine worker thread: the offline engines' CPU-heavy work (intent routing with
 * the local embedder, structured-output generation, token counting, embeddings) runs here, off the
 * server's event loop. A task that runs over its budget is stopped by terminating this thread, so
 * nothing here needs to be cancellable.
 *
 * The reference chat engine routes with its own local embedder whatever EMBEDDINGS_ENGINE says:
 * it is offline by definition.
 */
import { parentPort } from 'node:worker_threads';
import { createLocalEmbeddingEngine } from '../local-embeddings/index.js';
import { planAnswer } from '../reference-chat/answer.js';
import { loadTokenizer } from '../reference-chat/tokens.js';
import { EngineError } from '../types.js';
import type { EngineTaskResult, EngineTaskStarted, PlannedAnswer, SentEngineTask } from './engine-task.js';
import { warmUp } from './warm-up.js';

const embeddings = createLocalEmbeddingEngine();
// Never aborted: a cancelled task ends with its thread.
const options = { signal: new AbortController().signal, requestId: 'worker' };

async function runEngineTask(
  task: SentEngineTask,
): Promise<EngineTaskResult<PlannedAnswer | number[][] | string>> {
  // The task's budget starts now, with the thread ready for it.
  parentPort?.postMessage({ engineTaskStarted: task.id } satisfies EngineTaskStarted);
  const startedAtMs = performance.timeOrigin + performance.now();
  try {
    if (task.kind === 'embed')
      return { ok: true, value: await embeddings.embed(task.request, options), startedAtMs };
    if (task.kind === 'embed-json')
      return { ok: true, value: await embeddings.embedJson(task.request, options), startedAtMs };
    return { ok: true, value: await planAnswer(task.request, embeddings, options, task.shape), startedAtMs };
  } catch (error) {
    if (error instanceof EngineError)
      return {
        startedAtMs,
        ok: false,
        status: error.status,
        message: error.message,
        ...(error.details.issues ? { issues: error.details.issues } : {}),
      };
    throw error;
  }
}

/**
 * The task handler, once the thread is ready for tasks. The tokenizer's tables load once per
 * thread, as it starts, before the pool is told the thread is ready: a thread replacing one that
 * went over budget must not charge its own start-up (a second or more on a busy machine) to its
 * first task, and the account whose task cost the thread waits until then (pool-threads.ts). Nor
 * must its first task run cold code (warm-up.ts).
 *
 * The export is a promise, which piscina awaits before it reports the thread ready (`workerCreate`),
 * rather than top-level awaits: those made this module one V8 evaluates asynchronously, and a
 * thread terminated during that evaluation (a pool closed while a thread still warmed up) aborted
 * the whole process (`Check failed` in `SourceTextModule::ExecuteAsyncModule`). Terminating a
 * thread while piscina awaits the promise is as safe as during any task.
 */
export default (async () => {
  await loadTokenizer();
  await warmUp(planAnswer, embeddings);
  return runEngineTask;
})();
