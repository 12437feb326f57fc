import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import { afterAll, describe, expect, it } from 'vitest';
import { endedItsThread, threadReplacements } from '../../src/pool/pool-threads.js';

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
