/**
 * The worker pools' threads run below the event loop's CPU priority (issue: one account's costly
 * tasks took the cores the event loop needs, so another account's cheapest requests waited). Read
 * from the kernel (/proc) of the built server's process, after a large body and a structured chat
 * have used both pools. Linux only: elsewhere the nice value is not a thread's own.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { testChatBody } from '../helpers/fixtures.js';
import { useHostileServer } from './hostile-server.js';
import { call } from './http-probe.js';

const linux = process.platform === 'linux';
if (!linux) console.log('worker-priority: skipped, a thread has its own nice value only on Linux');

/** Each thread's name and nice value, from /proc. */
function threadNices(pid: number): { tid: number; name: string; nice: number }[] {
  return readdirSync(`/proc/${pid}/task`).map((tid) => {
    const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
    // The fields after the command's closing parenthesis; nice is the 19th field of the line.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const name = readFileSync(`/proc/${pid}/task/${tid}/comm`, 'utf8').trim();
    return { tid: Number(tid), name, nice: Number(fields[16]) };
  });
}

describe.skipIf(!linux)('worker pool priority', { timeout: 120_000 }, () => {
  const server = useHostileServer({ ENGINE_WORKERS: '2', WORKER_NICE: '7' });

  it('starts the body threads once the server is ready, before a large body needs them', async () => {
    const pid = server().process.child.pid as number;
    // Polled: they start once the engines have loaded, a moment after the server answers. The
    // engines' threads start with the first large engine task (none yet).
    await expect
      .poll(() => threadNices(pid).filter((thread) => thread.nice === 7).length, { timeout: 30_000 })
      .toBe(2);
  });

  it("runs every pool thread WORKER_NICE below the event loop's priority", async () => {
    const { origin, process: running } = server();
    const structured = testChatBody({
      response_format: { type: 'json_schema', json_schema: { name: 'x', schema: { type: 'string' } } },
    });
    expect((await call(origin, 'POST', '/v1/agents/chat/request', structured)).status).toBe(200);
    const large = { name: 'Large', instruction: 'x', tools: 'y'.repeat(200_000) };
    expect((await call(origin, 'POST', '/v1/agents/create', large)).status).toBe(400);

    const pid = running.child.pid as number;
    const threads = threadNices(pid);
    // The event loop's thread is the process's main thread; two body threads and two engine threads.
    expect(threads.find((thread) => thread.tid === pid)?.nice).toBe(0);
    expect(threads.filter((thread) => thread.nice === 7)).toHaveLength(4);
    expect(threads.every((thread) => thread.nice === 0 || thread.nice === 7)).toBe(true);
  });
});
