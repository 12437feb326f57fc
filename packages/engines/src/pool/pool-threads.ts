/**
 * What the worker pools (the engines' and the server's body pool) do with their threads.
 *
 * Priority: a pool's threads run CPU-heavy tasks of any account, while the event loop runs every
 * account's requests; on a machine with few cores, a busy pool would take the cores the event loop
 * needs, and every account's cheapest request (a GET) would wait behind another's costly task. So on
 * Linux, where a thread's nice value is its own, the pools' threads run `workerNice` lower than the
 * event loop (piscina's `niceIncrement`): the event loop comes first whenever both are ready. Where a
 * nice value is the whole process's (macOS), raising it would lower the event loop as well, so the
 * threads keep its priority.
 *
 * Replacement: a worker pool whose task runs past its budget or deadline (or out of memory) loses that task's
 * thread: piscina terminates it and, since the pools keep `minThreads` equal to `maxThreads`, starts
 * another at once. Until that one is ready the pool has one warm thread fewer, and whoever's task
 * came next would take the warm thread left, so another account's task would wait for a thread to
 * start (a second or more on a busy machine) — the cost of one account's task paid by another. The
 * fair queue therefore keeps the slot of the task that cost the thread until its replacement is
 * ready (`TaskSlot.holdUntil(replaced())`): that account waits for it, every other one finds its
 * warm thread.
 *
 * piscina emits `workerCreate` once a started thread has loaded its module (whatever the module
 * awaits at its top level included: the engine worker loads its tokenizer there). Replacements are
 * awaited first come, first served; `maxWaitMs` bounds a wait whose replacement never comes (a
 * thread failing at start-up), so a slot is never lost for good.
 */
import type { Piscina } from 'piscina';

/**
 * Node 20.19+ loads an ES module worker entry through require(esm) (piscina tries `require` before
 * `import()`), and a worker terminated while that load runs aborts the whole process (a Node bug:
 * a pool destroyed right after it started a thread crashed test runs, about one in a few hundred
 * build-and-close cycles). Without require(esm) piscina imports the entry, which a termination
 * interrupts safely. The flag exists since Node 20.17; before, require(esm) does not either.
 */
const IMPORT_FLAG = '--no-experimental-require-module';
const HAS_IMPORT_FLAG = process.allowedNodeEnvironmentFlags.has(IMPORT_FLAG);

/** The most option lists tried (each without what Node refused in the last) before inheriting. */
const MAX_TRIES = 4;

/**
 * Starts a pool (`start` makes the Piscina with the options given) whose threads import their
 * entry. The flag goes in the threads' own `execArgv`, which then repeats the process's command
 * line (`processArgs`); but Node refuses there an option that is the whole process's (V8's, such as
 * `--max-old-space-size` or `--expose-gc`, or a per-process one such as `--title`), and piscina's
 * first thread fails to start: every large body and engine task would answer 500.
 *
 * Such options are left out of the threads' `execArgv`, and nothing is lost: V8's flags are set
 * once for the process, in every thread's isolate, and a per-process option concerns the process,
 * not a thread. Node names the options it refused in its error (one kind at a time: per-process
 * ones first), so each try leaves those out, with the value that followed a `--name value` one.
 * Only if that makes no progress (an error whose list cannot be read) do the threads start as Node
 * does by default, inheriting the process's options as they are, without the flag.
 */
export function startPool<P>(
  start: (options: { execArgv?: string[] }) => P,
  processArgs: readonly string[] = process.execArgv,
): P {
  if (!HAS_IMPORT_FLAG) return start({});
  let args = processArgs;
  for (let tries = 0; tries < MAX_TRIES; tries++) {
    try {
      return start({ execArgv: [...args, IMPORT_FLAG] });
    } catch (error) {
      if ((error as { code?: unknown } | null)?.code !== 'ERR_WORKER_INVALID_EXEC_ARGV') throw error;
      const kept = withoutOptions(args, refusedOptions(error as Error));
      if (kept.length === args.length) break;
      args = kept;
    }
  }
  return start({});
}

/** The options Node lists in ERR_WORKER_INVALID_EXEC_ARGV's message (`…flags: --a, --b=1`). */
function refusedOptions(error: Error): Set<string> {
  const listed = /invalid execArgv flags: (.*)$/s.exec(error.message)?.[1];
  return new Set(listed?.split(', ') ?? []);
}

/** `args` without `refused`, and without the value after a refused `--name` given as two words. */
function withoutOptions(args: readonly string[], refused: ReadonlySet<string>): string[] {
  const kept: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    const next = args[i + 1];
    if (!refused.has(arg)) kept.push(arg);
    else if (!arg.includes('=') && next !== undefined && !next.startsWith('-')) i++;
  }
  return kept;
}

/** piscina's `niceIncrement` for a pool's threads: `workerNice` on Linux, else none. */
export function niceIncrementOf(workerNice = 0): number {
  return process.platform === 'linux' ? workerNice : 0;
}

export function threadReplacements(pool: Piscina, maxWaitMs: number): () => Promise<void> {
  const waiting: (() => void)[] = [];
  pool.on('workerCreate', () => waiting[0]?.());
  return () =>
    new Promise<void>((resolve) => {
      const ready = () => {
        clearTimeout(timer);
        const at = waiting.indexOf(ready);
        if (at >= 0) waiting.splice(at, 1);
        resolve();
      };
      const timer = setTimeout(ready, maxWaitMs);
      waiting.push(ready);
    });
}

/**
 * Whether a task's failure ended its thread: piscina terminates the thread of a running task whose
 * signal aborts, and a thread over its memory limit exits.
 */
export function endedItsThread(error: unknown, signal: AbortSignal): boolean {
  if (signal.aborted) return true;
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'ERR_WORKER_OUT_OF_MEMORY' || /^worker exited/.test(String((error as Error)?.message));
}
