/**
 * Tells when the processes that started this one are gone. `pnpm start` runs its script through a
 * shell (pnpm → sh → node): killing pnpm, as an IDE's stop button or `kill <pid>` does, leaves the
 * shell waiting on this process, and SIGKILL reaches no handler. So this watches its parent and its
 * parent's parent: when either ends (or this process is handed to another parent), `onGone` runs.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** The parent process id of `pid`, from /proc where there is one, else from ps; undefined if unknown. */
function parentOf(pid) {
  try {
    // The command name in field 2 may hold spaces and parentheses: read after its closing one.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    try {
      return Number(execFileSync('ps', ['-o', 'ppid=', '-p', String(pid)], { encoding: 'utf8' }).trim());
    } catch {
      return undefined;
    }
  }
}

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, but belongs to someone else.
    return error.code === 'EPERM';
  }
}

/** Polls every `intervalMs`; the timer never keeps the process alive on its own. */
export function watchAncestors(onGone, intervalMs = 500) {
  const parent = process.ppid;
  const grandparent = parentOf(parent);
  // 1 is init: a process started by it (or by a container's entry point) has no grandparent to lose.
  const watched = grandparent !== undefined && grandparent > 1 ? grandparent : undefined;
  const timer = setInterval(() => {
    if (process.ppid !== parent || (watched !== undefined && !alive(watched))) {
      clearInterval(timer);
      onGone();
    }
  }, intervalMs);
  timer.unref();
}
