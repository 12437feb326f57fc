// The CPU time a benchmark's processes used, from /proc (Linux), in milliseconds: each thread's
// time on a CPU as the scheduler counts it (`schedstat`, in nanoseconds), or, on a kernel without
// it, user plus system time from `stat`, which is counted in clock ticks of 10 ms: a process that
// runs in short bursts (a proxy answering one call at a time) is charged by whether a tick happens
// to land in one, so only sums over many ticks mean anything. Unlike requests a second, CPU per
// request does not depend on how busy the machine's other processes keep the cores. Elsewhere the
// functions answer undefined, and the benchmarks print throughput alone.
import { readdirSync, readFileSync } from 'node:fs';

/** A `stat` file's user + system time in milliseconds (fields 14 and 15, after the command's name). */
function statMs(path) {
  const stat = readFileSync(path, 'utf8');
  // The command's name is in parentheses and may itself hold spaces or a parenthesis.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

/** A live thread's time on a CPU (ms), and the same in ticks (its `stat`). */
function threadTimes(pid, tid) {
  const ticks = statMs(`/proc/${pid}/task/${tid}/stat`);
  try {
    return {
      ms: Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0]) / 1e6,
      ticks,
    };
  } catch {
    return { ms: ticks, ticks };
  }
}

/**
 * CPU time (ms) process `pid` has used so far on its main thread (a Node process's event loop) and
 * on all its other threads (workers, the garbage collector's helpers, libuv's pool), as long as
 * they live: read it over a window in which the process keeps its threads.
 */
export function threadCpuMs(pid) {
  try {
    let loop = 0;
    let others = 0;
    for (const task of readdirSync(`/proc/${pid}/task`)) {
      const { ms } = threadTimes(pid, task);
      if (Number(task) === pid) loop += ms;
      else others += ms;
    }
    return { loop, others };
  } catch {
    return undefined;
  }
}

/**
 * CPU time (ms) process `pid` has used so far, all its threads together: the live ones as the
 * scheduler counts them, and those that ended (a pool's replaced thread) by the ticks the
 * process's own `stat` still holds for them.
 */
export function cpuMs(pid) {
  try {
    let ms = 0;
    let liveTicks = 0;
    for (const task of readdirSync(`/proc/${pid}/task`)) {
      const times = threadTimes(pid, task);
      ms += times.ms;
      liveTicks += times.ticks;
    }
    return ms + Math.max(0, statMs(`/proc/${pid}/stat`) - liveTicks);
  } catch {
    return undefined;
  }
}
