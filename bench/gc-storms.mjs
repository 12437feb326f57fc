#!/usr/bin/env node
// Garbage collection on the server's event loop while one account floods it with 3 MB bodies (the
// big-bodies category of bench/tenants.mjs, alone: 16 at once, at the default limits, so most are
// refused 429 and about ten a second are parsed and refused 400). Without the server's heap floor,
// some runs fall into a storm: a mark-compact every few tens of milliseconds until the flood ends,
// each freeing little, which pauses every account's requests and cuts what the server gets
// through. Whether a run does so varies, so the benchmark makes several runs, each on a fresh
// server, and prints per run the
// event loop's major collections (count, total and longest pause, from Node's `gc` performance
// entries: the atomic pauses, not the incremental steps between them), the server's peak resident
// memory (what the heap floor costs) and what the flood got back.
// A storm here: two or more major collections a second on average over the flood.
// Two processes beside this one: the server (with bench/gc-observer.mjs loaded) and the flood's
// client, niced as the tenants benchmark's attacker is (a real attacker's CPU is elsewhere).
// The server runs under the Node options it ships with (apps/server/node-options.json), whose heap
// floor is what keeps it out of the storms; `BENCH_SERVER_NODE_ARGS=` (empty) runs it without them.
// Usage: pnpm build && node bench/gc-storms.mjs [--runs=4] [--seconds=20]
// Env: BENCH_ATTACKER_NICE (default 19), BENCH_SERVER_NODE_ARGS (the server's Node options in place
// of those it ships with, e.g. `--max-semi-space-size=32`, to try one against the storms).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { arg } from './bench-args.mjs';
import { bigCreateBody } from './bench-bodies.mjs';
import { loadAverage } from './machine-load.mjs';
import {
  ATTACKER_NICE,
  DEV_SEED,
  forkBehind,
  freePort,
  SERVER_NODE_ARGS,
  serveArgs,
  spawnUntil,
  stop,
} from './spawn-until.mjs';

const RUNS = arg('runs', 4);
const SECONDS = arg('seconds', 20);
const WIDTH = 16;
const STORM_PER_SECOND = 2;
const SELF = fileURLToPath(import.meta.url);
const OBSERVER = fileURLToPath(new URL('./gc-observer.mjs', import.meta.url));

/** The flood, in its own process: WIDTH loops of 3 MB creates until `ms` pass; answers by status. */
async function flood(origin, ms) {
  const body = bigCreateBody();
  const answers = {};
  const deadline = performance.now() + ms;
  await Promise.all(
    Array.from({ length: WIDTH }, async () => {
      while (performance.now() < deadline) {
        let status;
        try {
          const res = await fetch(`${origin}/v1/agents/create`, {
            method: 'POST',
            headers: { authorization: 'Bearer dev-token', 'content-type': 'application/json' },
            body,
          });
          await res.arrayBuffer();
          status = String(res.status);
        } catch {
          status = 'error';
        }
        answers[status] = (answers[status] ?? 0) + 1;
      }
    }),
  );
  return answers;
}

/** The latest `gc-major` line of the server's output, as numbers. */
function gcReader(child) {
  let latest = { count: 0, pauseMs: 0, longestMs: 0, peakRssMb: 0 };
  let partial = '';
  child.stdout.on('data', (data) => {
    const lines = (partial + data).split('\n');
    partial = lines.pop();
    for (const line of lines) {
      const match = /^gc-major (\d+) ([\d.]+) ([\d.]+) (\d+)$/.exec(line);
      if (match)
        latest = {
          count: Number(match[1]),
          pauseMs: Number(match[2]),
          longestMs: Number(match[3]),
          peakRssMb: Number(match[4]),
        };
    }
  });
  return () => latest;
}

async function run() {
  const port = await freePort();
  const { child } = await spawnUntil(
    ['--import', OBSERVER, ...serveArgs(['--port', String(port), '--seed', DEV_SEED])],
    { DATABASE_URL: join(mkdtempSync(join(tmpdir(), 'gc-storms-')), 'bench.sqlite'), LOG_LEVEL: 'error' },
    /listening on http:\/\/[^:]+:(\d+)/,
  );
  const gc = gcReader(child);
  // The observer reports once a second: wait for a report, so `before` is the start-up's.
  await new Promise((resolve) => setTimeout(resolve, 1100));
  const before = gc();
  const client = forkBehind(
    SELF,
    ['flood', `http://127.0.0.1:${port}`, String(SECONDS * 1000)],
    { GC_STORMS_ROLE: '1' },
    ['nice', '-n', String(ATTACKER_NICE)],
  );
  const answers = await new Promise((resolve, reject) => {
    client.once('message', resolve);
    client.once('exit', (code) => reject(new Error(`the flood's client exited with ${code}`)));
  });
  await new Promise((resolve) => setTimeout(resolve, 1100));
  const after = gc();
  await stop(child);
  return {
    majors: after.count - before.count,
    pauseMs: after.pauseMs - before.pauseMs,
    longestMs: after.longestMs,
    peakRssMb: after.peakRssMb,
    answers,
  };
}

async function main() {
  console.log(
    `${RUNS} runs of ${SECONDS} s: ${WIDTH} clients sending 3 MB creates as one account` +
      ` (niced ${ATTACKER_NICE}); load average ${loadAverage()}` +
      `; server with ${SERVER_NODE_ARGS.length ? SERVER_NODE_ARGS.join(' ') : 'no Node options'}`,
  );
  console.log('\nrun  major GCs  a second  pauses ms  longest ms  storm  peak RSS MB  answers to the flood');
  let storms = 0;
  for (let i = 1; i <= RUNS; i++) {
    const { majors, pauseMs, longestMs, peakRssMb, answers } = await run();
    const storm = majors / SECONDS >= STORM_PER_SECOND;
    if (storm) storms++;
    const sent = Object.entries(answers)
      .map(([status, count]) => `${status}×${count}`)
      .join(' ');
    console.log(
      `${String(i).padStart(3)}  ${String(majors).padStart(9)}  ${(majors / SECONDS).toFixed(1).padStart(8)}` +
        `  ${pauseMs.toFixed(0).padStart(9)}  ${longestMs.toFixed(1).padStart(10)}  ${storm ? 'yes  ' : 'no   '}` +
        `  ${String(peakRssMb).padStart(11)}  ${sent}`,
    );
  }
  console.log(
    `\nruns with a storm (≥ ${STORM_PER_SECOND} major collections a second): ${storms}/${RUNS}; load average ${loadAverage()}`,
  );
}

if (process.env.GC_STORMS_ROLE) {
  const [, origin, ms] = process.argv.slice(2);
  const answers = await flood(origin, Number(ms));
  process.send(answers, () => process.exit(0));
} else await main();
