import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import { afterAll, describe, expect, it } from 'vitest';
import { endedItsThread, startPool, threadReplacements } from '../../src/pool/pool-threads.js';
import { engineWorkerFile } from '../../src/pool/worker-file.js';

const pool = new Piscina({
  filename: fileURLToPath(new URL('./fixtures/slow-start-worker.mjs', import.meta.url)),
  minThreads: 2,
  maxThreads: 2,
  idleTimeout: Number.POSITIVE_INFINITY,
});
const loaded: number[] = [];
pool.on('message', (message: { loaded?: number }) => {
  if (typeof message.loaded === 'number') loaded.push(message.loaded);
});
const replaced = threadReplacements(pool, 60_000);
afterAll(() => pool.destroy());

describe('pool threads: replacements', { timeout: 60_000 }, () => {
  it('settles once the thread replacing a terminated one has loaded, and it serves tasks', async () => {
    const first = new Set(await Promise.all([pool.run('id'), pool.run('id')]));
    expect(first.size).toBe(2);
    const abort = new AbortController();
    const spinning = pool.run('spin', { signal: abort.signal }).catch((error: unknown) => error);
    // The spinning task has a thread: the other one still answers.
    expect(first).toContain(await pool.run('id'));
    const ready = replaced();
    abort.abort();
    expect(endedItsThread(await spinning, abort.signal)).toBe(true);
    await ready;
    // The replacement's module had loaded: its message (it comes before piscina's ready) is here,
    // from a thread that is neither of the first two. (Counting messages raced: a first thread's
    // own `loaded` may arrive after the tasks it answered.)
    const replacement = loaded.find((id) => !first.has(id)) as number;
    expect(replacement).toBeDefined();
    // Both threads are warm: two tasks at once are each answered by a different one.
    const now = new Set(await Promise.all([pool.run('id'), pool.run('id')]));
    expect(now.size).toBe(2);
    expect(now).toContain(replacement);
  });

  it("does not count a task's own failure as the end of its thread", () => {
    expect(endedItsThread(new Error('bad input'), new AbortController().signal)).toBe(false);
  });
});

describe('pool threads: started under the options of the process', { timeout: 60_000 }, () => {
  const hasImportFlag = process.allowedNodeEnvironmentFlags.has('--no-experimental-require-module');
  const startedWith = async (processArgs: string[]): Promise<string[]> => {
    const started = startPool(
      (options) =>
        new Piscina({
          filename: fileURLToPath(new URL('./fixtures/exec-argv-worker.mjs', import.meta.url)),
          minThreads: 1,
          maxThreads: 1,
          ...options,
        }),
      processArgs,
    );
    try {
      return (await started.run(null)) as string[];
    } finally {
      await started.destroy();
    }
  };

  it.skipIf(!hasImportFlag)('keeps the process options a thread takes, and its own flag', async () => {
    expect(await startedWith(['--conditions=pool-test'])).toEqual([
      '--conditions=pool-test',
      '--no-experimental-require-module',
    ]);
  });

  // Node refuses V8's and per-process options in a thread's own execArgv: a thread started with them
  // failed, and so did every task of the pool (the server answered 500 to each).
  it.skipIf(!hasImportFlag)(
    "leaves out the options Node refuses in a thread (V8's, per-process, a name and its value)",
    async () => {
      const args = await startedWith([
        '--title',
        'pool-test',
        '--max-semi-space-size=16',
        '--expose-gc',
        '--conditions',
        'pool-test',
        '--stack-size=2000',
      ]);
      expect(args).toEqual(['--conditions', 'pool-test', '--no-experimental-require-module']);
    },
  );
});

describe('engine threads: closed while they start', { timeout: 60_000 }, () => {
  // The engine worker loads the tokenizer and warms up before its thread is ready. Done with
  // top-level awaits, a pool closed meanwhile terminated threads during V8's asynchronous evaluation
  // of the module, which aborted the whole process (a CI run of the server suite lost its test
  // process so): now the module's evaluation ends at once and piscina awaits its exported promise.
  it('exports its task handler as a promise that resolves once the thread is warm', async () => {
    const entry = (await import(engineWorkerFile())) as { default: unknown };
    expect(entry.default).toBeInstanceOf(Promise);
    expect(typeof (await entry.default)).toBe('function');
  });

  it("closes cleanly at any point of the threads' start-up, again and again", async () => {
    for (let cycle = 0; cycle < 12; cycle++) {
      const pool = startPool(
        (options) => new Piscina({ filename: engineWorkerFile(), minThreads: 2, maxThreads: 2, ...options }),
      );
      await new Promise((resolve) => setTimeout(resolve, cycle * 25));
      await pool.destroy();
    }
    // No termination aborted this process, and a pool started afterwards serves tasks.
    const pool = startPool(
      (options) => new Piscina({ filename: engineWorkerFile(), minThreads: 1, maxThreads: 1, ...options }),
    );
    const answer = await pool.run({
      kind: 'embed',
      id: 1,
      request: { model: 'svc-embeddings-v1-20241001', lang: 'multi', sentences: ['Where is my parcel?'] },
    });
    await pool.destroy();
    expect(answer).toMatchObject({ ok: true, value: [expect.any(Array)] });
    expect(answer.value[0]).toHaveLength(384);
  });
});
