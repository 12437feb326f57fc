// Loaded into a server by bench/gc-storms.mjs (`node --import`): once a second, the main thread's
// major garbage collections so far (mark-compacts, as Node's `gc` performance entries report them)
// and the largest resident memory of the process seen at those reports (what a heap floor costs) on
// standard output, as `gc-major <count> <pause ms> <longest pause ms> <peak RSS MB>`. Worker
// threads load it too and report nothing: only the event loop's pauses hold requests up.
import { constants, PerformanceObserver } from 'node:perf_hooks';
import { isMainThread } from 'node:worker_threads';

if (isMainThread) {
  let count = 0;
  let pauseMs = 0;
  let longestMs = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.detail?.kind !== constants.NODE_PERFORMANCE_GC_MAJOR) continue;
      count++;
      pauseMs += entry.duration;
      longestMs = Math.max(longestMs, entry.duration);
    }
  }).observe({ entryTypes: ['gc'] });
  let peakRssMb = 0;
  setInterval(() => {
    peakRssMb = Math.max(peakRssMb, process.memoryUsage.rss() / 2 ** 20);
    process.stdout.write(
      `gc-major ${count} ${pauseMs.toFixed(1)} ${longestMs.toFixed(1)} ${peakRssMb.toFixed(0)}\n`,
    );
  }, 1000).unref();
}
