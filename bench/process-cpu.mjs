// The CPU time a benchmark's processes used, from /proc (Linux): user plus system time, in
// milliseconds, at the clock's resolution (ticks of 10 ms). Unlike requests a second, CPU per
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

/** CPU time (ms) process `pid` has used so far, all its threads together. */
export function cpuMs(pid) {
  try {
    return statMs(`/proc/${pid}/stat`);
  } catch {
    return undefined;
  }
}

/**
 * CPU time (ms) process `pid` has used so far on its main thread (a Node process's event loop) and
 * on all its other threads (workers, the garbage collector's helpers, libuv's pool).
 */
export function threadCpuMs(pid) {
  try {
    let loop = 0;
    let others = 0;
    for (const task of readdirSync(`/proc/${pid}/task`)) {
      const ms = statMs(`/proc/${pid}/task/${task}/stat`);
      if (Number(task) === pid) loop += ms;
      else others += ms;
    }
    return { loop, others };
  } catch {
    return undefined;
  }
}
