#!/usr/bin/env node
// How soon the built reference server answers after it is spawned, as a developer's `pnpm start`
// or a CI job waiting for it sees it: `serve` on a new SQLite file with the dev seed, from spawn
// until GET /healthz answers 200 (polled every 2 ms). One start says little on a shared machine,
// so it starts the server BENCH_STARTS times and reports the median, beside the floor of a bare
// `node` process answering HTTP, spawned the same way in the same rounds. With
// BENCH_CLI_OTHER (another build's dist/cli.js), that build starts in the same rounds too, in
// alternating order. Goal (issue #27): ready ≤ 300 ms. Ready should mean answering: each start
// then sends GET agent one request after the other for a moment, and the longest wait is printed
// beside the bare process's (whose first requests pay for its connection and first compiles).
// Usage: pnpm --filter @assistant-platform/server build && node bench/server-start.mjs
// Env: BENCH_STARTS (default 15), BENCH_CLI (the build measured), BENCH_CLI_OTHER,
// BENCH_NODE_ARGS_OTHER (the measured build started with these Node options instead of the shipped
// ones, in the same rounds: e.g. '--initial-old-space-size=128 --min-semi-space-size=16').
import { availableParallelism } from 'node:os';
import { loadAverage } from './machine-load.mjs';
import {
  AFTER_READY_MS,
  CLI,
  readyAfterSpawn,
  SERVER_NODE_ARGS,
  serverReadyAfterSpawn,
} from './spawn-until.mjs';

const STARTS = Number(process.env.BENCH_STARTS ?? 15);
const BARE_NODE = [
  '--input-type=module',
  '-e',
  "import { createServer } from 'node:http'; createServer((q, s) => s.end('ok')).listen(Number(process.env.PORT), '127.0.0.1');",
];
const builds = [
  ['this build', process.env.BENCH_CLI ?? CLI, SERVER_NODE_ARGS],
  ...(process.env.BENCH_CLI_OTHER ? [['other build', process.env.BENCH_CLI_OTHER, SERVER_NODE_ARGS]] : []),
  ...(process.env.BENCH_NODE_ARGS_OTHER === undefined
    ? []
    : [
        [
          'other options',
          process.env.BENCH_CLI ?? CLI,
          process.env.BENCH_NODE_ARGS_OTHER.split(' ').filter(Boolean),
        ],
      ]),
];

console.log(`load average ${loadAverage()}; ${availableParallelism()} cores; ${STARTS} starts each`);
const runs = new Map([['bare node http', []], ...builds.map(([name]) => [name, []])]);
for (let round = 0; round < STARTS; round++) {
  runs.get('bare node http').push(await readyAfterSpawn(BARE_NODE, {}, '/'));
  const order = round % 2 === 0 ? builds : [...builds].reverse();
  for (const [name, cli, nodeArgs] of order)
    runs.get(name).push(await serverReadyAfterSpawn(cli, {}, nodeArgs));
}
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
for (const [name, values] of runs) {
  const sorted = values.map((run) => run.ms).sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  const waits = values.map((run) => run.longestWaitMs);
  console.log(
    `${name.padEnd(16)} ready after spawn: median ${Math.round(at(0.5))} ms, min ${Math.round(sorted[0])}, p90 ${Math.round(at(0.9))}; ` +
      `longest wait in the ${AFTER_READY_MS / 1000} s after: median ${Math.round(median(waits))} ms, max ${Math.round(Math.max(...waits))}`,
  );
}
const [mine] = builds;
console.log(
  `\nready after spawn         ${Math.round(median(runs.get(mine[0]).map((run) => run.ms)))} ms  (median of ${STARTS}; goal ≤ 300)`,
);
console.log(`load average ${loadAverage()}`);
