#!/usr/bin/env node
/**
 * Proxy overhead: what a validation proxy (`assistant-server proxy --target`) adds to a call. A
 * reference server stands in for the hosted service; it, the proxy and a bare Node `http`
 * pass-through (passthrough-bare.mjs: forwards and pipes back, checks nothing) each run in their
 * own process, and this process calls the target directly, through the pass-through and through
 * the proxy, one call at a time, in alternating rounds (so a change in the machine's load hits all
 * alike). It prints each one's median and p99, the median each hop adds, and each hop's CPU time
 * per call (user and system, read from /proc, where there is one).
 *
 *   pnpm --filter @assistant-platform/server build
 *   node bench/proxy-overhead.mjs [--calls=3000] [--warmup=2000]
 *
 * Every proxied call is checked against the contract (request, status, headers, envelope, body;
 * a stream's every event), which is part of what is measured. Goals (issue #27): at most 1 ms added
 * median latency; the proxy's CPU per call at most 1.3× the bare pass-through's.
 */
import { once } from 'node:events';
import { cpus } from 'node:os';
import { fileURLToPath } from 'node:url';
import { arg } from './bench-args.mjs';
import { loadAverage } from './machine-load.mjs';
import { cpuMs } from './process-cpu.mjs';
import { BENCH_TOKEN, spawnProxy, spawnSeededServer, spawnUntil } from './spawn-until.mjs';

const CALLS = arg('calls', 3000);
const WARMUP = arg('warmup', 2000);
const ROUND = 100;
const GOAL_MS = 1;
const CPU_GOAL = 1.3;
const target = await spawnSeededServer();
const targetUrl = target.url;
const proxy = await spawnProxy(targetUrl);
const proxyUrl = proxy.url;
const passthrough = await spawnUntil(
  [fileURLToPath(new URL('./passthrough-bare.mjs', import.meta.url))],
  { TARGET: targetUrl },
  /^PASS (\S+)/,
);
const passthroughUrl = `${passthrough.match[1]}${new URL(targetUrl).pathname}`;

const headers = { authorization: `Bearer ${BENCH_TOKEN}`, 'content-type': 'application/json' };
const chatBody = JSON.stringify({
  name: 'Bench',
  description: '',
  instruction: 'Answer.',
  intents: [],
  message: { role: 'user', content: [{ type: 'text', text: 'Hello' }] },
});
const calls = {
  'GET agent': (base) => fetch(`${base}/agents/view/1`, { headers }),
  'chat (JSON)': (base) => fetch(`${base}/agents/chat/request`, { method: 'POST', headers, body: chatBody }),
};

/** Milliseconds of one call, its whole answer read. */
async function timeOne(call, base) {
  const started = performance.now();
  const response = await call(base);
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`${base} answered ${response.status}`);
  return performance.now() - started;
}

const median = (sorted) => sorted[Math.floor(sorted.length / 2)];
const p99 = (sorted) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))];

try {
  const rows = [];
  const hops = [
    { name: 'direct', base: targetUrl },
    { name: 'bare', base: passthroughUrl, pid: passthrough.child.pid },
    { name: 'proxied', base: proxyUrl, pid: proxy.child.pid },
  ];
  for (const [name, call] of Object.entries(calls)) {
    // V8 optimises every path over the first thousands of calls: not part of the figure.
    for (let i = 0; i < WARMUP; i++) await timeOne(call, hops[i % 3].base);
    const times = hops.map(() => []);
    const cpu = hops.map(() => 0);
    for (let done = 0; done < CALLS; done += ROUND)
      for (const [h, hop] of hops.entries()) {
        const before = hop.pid === undefined ? undefined : cpuMs(hop.pid);
        for (let i = 0; i < ROUND; i++) times[h].push(await timeOne(call, hop.base));
        if (before !== undefined) cpu[h] += cpuMs(hop.pid) - before;
      }
    for (const each of times) each.sort((a, b) => a - b);
    rows.push({ name, times, cpuUs: cpu.map((ms) => (ms * 1000) / CALLS) });
  }
  console.log(
    `\nOne caller, ${CALLS} calls each way per row, alternating rounds of ${ROUND} (Node ${process.version})\n`,
  );
  console.log(
    'call          direct p50   p99  bare p50   p99  proxied p50   p99  added: bare  proxy   CPU/call: bare  proxy  ratio',
  );
  let met = true;
  let cpuMet = true;
  for (const { name, times, cpuUs } of rows) {
    const [direct, bare, proxied] = times;
    const added = median(proxied) - median(direct);
    const ratio = cpuUs[2] / cpuUs[1];
    met &&= added <= GOAL_MS;
    cpuMet &&= ratio <= CPU_GOAL;
    const ms = (value) => value.toFixed(2).padStart(6);
    console.log(
      `${name.padEnd(13)} ${ms(median(direct))} ${ms(p99(direct))} ${ms(median(bare))} ${ms(p99(bare))} ${ms(median(proxied)).padStart(11)} ${ms(p99(proxied))} ${ms(median(bare) - median(direct)).padStart(12)} ${ms(added)} ms ${Math.round(cpuUs[1]).toString().padStart(9)} ${Math.round(cpuUs[2]).toString().padStart(6)} µs ${ratio.toFixed(2).padStart(5)}×`,
    );
  }
  console.log(`\ngoal: at most ${GOAL_MS} ms added median latency — ${met ? 'met' : 'NOT met'}`);
  console.log(
    `goal: the proxy's CPU per call at most ${CPU_GOAL}× the bare pass-through's — ${cpuMet ? 'met' : 'NOT met'}` +
      ' (CPU as the scheduler counts it; on a kernel without schedstat, in clock ticks of 10 ms summed over rounds of 100 calls)',
  );
  console.log(`load average during the run: ${loadAverage(1)} on ${cpus().length} CPUs`);
} finally {
  for (const { child } of [passthrough, proxy, target]) {
    child.kill('SIGTERM');
    await once(child, 'exit');
  }
}
