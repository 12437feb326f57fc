#!/usr/bin/env node
// How soon the built reference server answers after it is spawned, as a developer's `pnpm start`
// or a CI job waiting for it sees it: `serve` on a new SQLite file with the dev seed, from spawn
// until GET /healthz answers 200 (polled every 2 ms). One start says little on a shared machine,
// so it starts the server BENCH_STARTS times and reports the median, beside the floor of a bare
// `node` process answering HTTP, spawned the same way in the same rounds. With
// BENCH_CLI_OTHER (another build's dist/cli.js), that build starts in the same rounds too, in
// alternating order. Goal (issue #27): ready ≤ 300 ms.
// Usage: pnpm --filter @assistant-platform/server build && node bench/server-start.mjs
// Env: BENCH_STARTS (default 15), BENCH_CLI (the build measured), BENCH_CLI_OTHER.
import { availableParallelism, loadavg } from 'node:os';
import { CLI, readyAfterSpawn, serverReadyAfterSpawn } from './spawn-until.mjs';

const STARTS = Number(process.env.BENCH_STARTS ?? 15);
const BARE_NODE = [
  '--input-type=module',
  '-e',
  "import { createServer } from 'node:http'; createServer((q, s) => s.end('ok')).listen(Number(process.env.PORT), '127.0.0.1');",
];
const builds = [
  ['this build', process.env.BENCH_CLI ?? CLI],
  ...(process.env.BENCH_CLI_OTHER ? [['other build', process.env.BENCH_CLI_OTHER]] : []),
];

console.log(
  `load average ${loadavg()
    .map((x) => x.toFixed(2))
    .join(' ')}; ${availableParallelism()} cores; ${STARTS} starts each`,
);
const times = new Map([['bare node http', []], ...builds.map(([name]) => [name, []])]);
for (let round = 0; round < STARTS; round++) {
  times.get('bare node http').push(await readyAfterSpawn(BARE_NODE, {}, '/'));
  const order = round % 2 === 0 ? builds : [...builds].reverse();
  for (const [name, cli] of order) times.get(name).push(await serverReadyAfterSpawn(cli));
}
for (const [name, values] of times) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  console.log(
    `${name.padEnd(16)} ready after spawn: median ${Math.round(at(0.5))} ms, min ${Math.round(sorted[0])}, p90 ${Math.round(at(0.9))}`,
  );
}
const [mine] = builds;
const median = [...times.get(mine[0])].sort((a, b) => a - b)[Math.floor(STARTS / 2)];
console.log(`\nready after spawn         ${Math.round(median)} ms  (median of ${STARTS}; goal ≤ 300)`);
console.log(
  `load average ${loadavg()
    .map((x) => x.toFixed(2))
    .join(' ')}`,
);
