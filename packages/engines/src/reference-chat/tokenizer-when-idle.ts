/**
 * Loads this thread's tokenizer once its event loop has been idle for a moment, so a stream later on
 * finds it loaded, without holding requests that arrive while the server is busy: each of the load's
 * steps holds the event loop for a while (tokens.ts), and most answers never need the tokenizer at
 * all (an answer sent whole that surely fits its `max_tokens`). An answer that needs it before then
 * loads it itself (`loadTokenizer` loads once, whoever asks first).
 */
import { performance } from 'node:perf_hooks';
import { loadTokenizer } from './tokens.js';

/** How often the event loop's use is read, and below which share of that time it counts as idle. */
const IDLE_CHECK_MS = 500;
const IDLE_UTILIZATION = 0.05;

/** Starts watching; `stop` ends the watch (a closing engine), and `failed` hears of a load that failed. */
export function loadTokenizerWhenIdle(failed: (error: unknown) => void): { stop(): void } {
  let last = performance.eventLoopUtilization();
  const timer = setInterval(() => {
    const now = performance.eventLoopUtilization();
    const { utilization } = performance.eventLoopUtilization(now, last);
    last = now;
    if (utilization > IDLE_UTILIZATION) return;
    clearInterval(timer);
    loadTokenizer().catch(failed);
  }, IDLE_CHECK_MS);
  // Never what keeps a process alive.
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
