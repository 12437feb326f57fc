#!/usr/bin/env node
import { mkdtempSync } from 'node:fs';
// What OpenTelemetry tracing costs the reference server: the built server with tracing off (no
// OTEL_* variable), on (every request a span with its stages', exported over OTLP/HTTP in batches
// to a receiver in this process that reads and drops them) and on with one trace in ten recorded
// (OTEL_TRACES_SAMPLER=parentbased_traceidratio, 0.1), side by side, GET agent and a
// small plain chat, in alternating rounds; the median of the per-round ratios is reported against
// the goal (on ≥ 0.9× off). Each server runs in its own process with its limits out of the way.
// Usage: pnpm build && node bench/tracing-cost.mjs
// Env: BENCH_DURATION (seconds per run, default 3), BENCH_ROUNDS (default 5).
import { createServer } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { freePort, spawnUntil } from './spawn-until.mjs';

const DURATION = Number(process.env.BENCH_DURATION ?? 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const CONNECTIONS = 50;
const CLI = fileURLToPath(new URL('../apps/server/dist/cli.js', import.meta.url));
const SEED = fileURLToPath(new URL('../seed/dev.json', import.meta.url));
const headers = { authorization: 'Bearer dev-token', 'content-type': 'application/json' };
const chat = JSON.stringify({
  name: 'Support triage',
  description: 'Answers first-line support questions.',
  instruction: 'Answer politely.',
  intents: ['refund', 'delivery status'],
  message: { role: 'user', content: [{ type: 'text', text: 'Where is my parcel? It was due on Monday.' }] },
});

// The collector's place: takes every batch, counts its bytes, answers 200.
let exported = 0;
const receiver = createServer(async (req, res) => {
  for await (const chunk of req) exported += chunk.length;
  res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
});
await new Promise((resolve) => receiver.listen(0, '127.0.0.1', resolve));
const receiverUrl = `http://127.0.0.1:${receiver.address().port}`;

async function server(env) {
  const port = await freePort();
  const { child } = await spawnUntil(
    [CLI, 'serve', '--port', String(port), '--seed', SEED],
    {
      DATABASE_URL: join(mkdtempSync(join(tmpdir(), 'tracing-bench-')), 'bench.sqlite'),
      RATE_LIMIT_MAX: '1000000000',
      MAX_HEAVY_REQUESTS_PER_TOKEN: '1000000',
      LOG_LEVEL: 'warn',
      ...env,
    },
    /listening on http:\/\/[^:]+:(\d+)/,
  );
  return { child, origin: `http://127.0.0.1:${port}` };
}

const off = await server({});
const traced = { OTEL_EXPORTER_OTLP_ENDPOINT: receiverUrl, OTEL_BSP_SCHEDULE_DELAY: '200' };
const on = await server(traced);
// What a busy deployment runs: one trace in ten recorded (a caller's sampled trace always is).
const sampled = await server({
  ...traced,
  OTEL_TRACES_SAMPLER: 'parentbased_traceidratio',
  OTEL_TRACES_SAMPLER_ARG: '0.1',
});
const kinds = {
  'GET agent': { path: '/v1/agents/view/1' },
  'chat (plain)': { path: '/v1/agents/chat/request', method: 'POST', body: chat },
};
const run = (origin, { path, ...options }, duration = DURATION) =>
  autocannon({ url: `${origin}${path}`, headers, connections: CONNECTIONS, duration, ...options });

console.log(
  `load average ${loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')}; ${ROUNDS} rounds of ${DURATION} s per run`,
);
for (const kind of Object.values(kinds))
  for (const target of [off, on, sampled]) await run(target.origin, kind, 1);
const ratios = Object.fromEntries(Object.keys(kinds).map((name) => [name, []]));
const sampledRatios = Object.fromEntries(Object.keys(kinds).map((name) => [name, []]));
for (let round = 1; round <= ROUNDS; round++) {
  for (const [name, kind] of Object.entries(kinds)) {
    const a = await run(off.origin, kind);
    const b = await run(on.origin, kind);
    const c = await run(sampled.origin, kind);
    const bad = a.non2xx + a.errors + b.non2xx + b.errors + c.non2xx + c.errors;
    ratios[name].push(b.requests.average / a.requests.average);
    sampledRatios[name].push(c.requests.average / a.requests.average);
    const rps = (result) => String(Math.round(result.requests.average)).padStart(6);
    console.log(
      `round ${round} ${name.padEnd(13)} off ${rps(a)} req/s  on ${rps(b)} req/s  on, 1 in 10 ${rps(c)} req/s` +
        (bad ? `  (${bad} non-2xx/errors!)` : ''),
    );
  }
}
const median = (values) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)];
for (const [name, values] of Object.entries(ratios))
  console.log(
    `${name}: tracing on / off ${median(values).toFixed(2)}x, one trace in ten recorded ${median(sampledRatios[name]).toFixed(2)}x (medians of rounds; goal ≥ 0.90)`,
  );
console.log(`spans exported: ${(exported / 1e6).toFixed(1)} MB of OTLP JSON`);
console.log(
  `load average ${loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')}`,
);
for (const target of [off, on, sampled]) target.child.kill();
receiver.close();
