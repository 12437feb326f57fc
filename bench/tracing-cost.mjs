#!/usr/bin/env node
// What OpenTelemetry tracing costs the reference server: the built server with tracing off (no
// OTEL_* variable), on (every request a span with its stages', exported over OTLP/HTTP in batches
// to a receiver in this process that reads and drops them) in protobuf (the default) and in JSON,
// and on with one trace in ten recorded (OTEL_TRACES_SAMPLER=parentbased_traceidratio, 0.1), side
// by side, GET agent and a small plain chat, in rounds that each start with another variant; the
// median of the per-round ratios is reported against the goal (on ≥ 0.9× off), with their range.
// Each server runs in its own process with its limits out of the way. On Linux each run also
// prints the server's CPU time per request on its event loop and on its other threads (where
// spans are encoded and sent): on a small machine the export thread competes with the load
// generator for the cores, which throughput alone hides.
// Usage: pnpm build && node bench/tracing-cost.mjs
// Env: BENCH_DURATION (seconds per run, default 3), BENCH_ROUNDS (default 5).
import { createServer } from 'node:http';
import autocannon from 'autocannon';
import { supportChat } from './bench-bodies.mjs';
import { loadAverage } from './machine-load.mjs';
import { threadCpuMs } from './process-cpu.mjs';
import { spawnThroughputServer } from './spawn-until.mjs';

const DURATION = Number(process.env.BENCH_DURATION ?? 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const CONNECTIONS = 50;
const headers = { authorization: 'Bearer dev-token', 'content-type': 'application/json' };
const chat = supportChat();

// The collector's place: takes every batch, counts its bytes by encoding, answers 200 (an empty
// message in the request's encoding).
const exported = new Map();
const receiver = createServer(async (req, res) => {
  const type = req.headers['content-type'] ?? '';
  for await (const chunk of req) exported.set(type, (exported.get(type) ?? 0) + chunk.length);
  res.writeHead(200, { 'content-type': type }).end(type === 'application/json' ? '{}' : '');
});
await new Promise((resolve) => receiver.listen(0, '127.0.0.1', resolve));
const receiverUrl = `http://127.0.0.1:${receiver.address().port}`;

const server = (env) => spawnThroughputServer(env);

const traced = { OTEL_EXPORTER_OTLP_ENDPOINT: receiverUrl, OTEL_BSP_SCHEDULE_DELAY: '200' };
const variants = {
  off: await server({}),
  on: await server(traced),
  'on, JSON': await server({ ...traced, OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json' }),
  // What a busy deployment runs: one trace in ten recorded (a caller's sampled trace always is).
  'on, 1 in 10': await server({
    ...traced,
    OTEL_TRACES_SAMPLER: 'parentbased_traceidratio',
    OTEL_TRACES_SAMPLER_ARG: '0.1',
  }),
};
const traces = Object.keys(variants).filter((name) => name !== 'off');
const kinds = {
  'GET agent': { path: '/v1/agents/view/1' },
  'chat (plain)': { path: '/v1/agents/chat/request', method: 'POST', body: chat },
};
async function run(target, { path, ...options }, duration = DURATION) {
  const before = threadCpuMs(target.child.pid);
  const result = await autocannon({
    url: `${target.origin}${path}`,
    headers,
    connections: CONNECTIONS,
    duration,
    ...options,
  });
  const after = threadCpuMs(target.child.pid);
  const requests = result.requests.total;
  if (before && after && requests > 0)
    result.cpu = {
      loop: ((after.loop - before.loop) * 1000) / requests,
      others: ((after.others - before.others) * 1000) / requests,
    };
  return result;
}

console.log(`load average ${loadAverage()}; ${ROUNDS} rounds of ${DURATION} s per run`);
for (const kind of Object.values(kinds))
  for (const target of Object.values(variants)) await run(target, kind, 1);
// ratios[kind][variant]: each round's throughput against the same round's off.
const ratios = Object.fromEntries(
  Object.keys(kinds).map((name) => [name, Object.fromEntries(traces.map((variant) => [variant, []]))]),
);
const cpu = Object.fromEntries(Object.keys(kinds).map((name) => [name, {}]));
const rps = (result) => String(Math.round(result.requests.average)).padStart(6);
for (let round = 1; round <= ROUNDS; round++) {
  for (const [name, kind] of Object.entries(kinds)) {
    // Each round starts with another variant, so none always runs right after the same other one.
    const order = Object.keys(variants);
    const results = {};
    for (let i = 0; i < order.length; i++) {
      const variant = order[(round - 1 + i) % order.length];
      results[variant] = await run(variants[variant], kind);
    }
    const bad = Object.values(results).reduce((sum, result) => sum + result.non2xx + result.errors, 0);
    for (const variant of traces)
      ratios[name][variant].push(results[variant].requests.average / results.off.requests.average);
    for (const [variant, result] of Object.entries(results)) {
      if (!result.cpu) continue;
      cpu[name][variant] ??= [];
      cpu[name][variant].push(result.cpu);
    }
    console.log(
      `round ${round} ${name.padEnd(13)} ` +
        Object.entries(results)
          .map(([variant, result]) => `${variant} ${rps(result)} req/s`)
          .join('  ') +
        (bad ? `  (${bad} non-2xx/errors!)` : ''),
    );
  }
}
const median = (values) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)];
for (const [name, byVariant] of Object.entries(ratios))
  console.log(
    `${name}: ` +
      traces
        .map((variant) => {
          const rounds = byVariant[variant];
          return `${variant} ${median(rounds).toFixed(2)}x off (rounds ${Math.min(...rounds).toFixed(2)}–${Math.max(...rounds).toFixed(2)})`;
        })
        .join(', ') +
      ' (medians of rounds; goal ≥ 0.90)',
  );
const micros = (value) => `${value.toFixed(0)} µs`;
for (const [name, byVariant] of Object.entries(cpu))
  if (Object.keys(byVariant).length > 0)
    console.log(
      `${name}, server CPU a request (event loop + other threads, medians): ` +
        Object.entries(byVariant)
          .map(
            ([variant, runs]) =>
              `${variant} ${micros(median(runs.map((c) => c.loop)))} + ${micros(median(runs.map((c) => c.others)))}`,
          )
          .join(', '),
    );
for (const [type, bytes] of exported)
  console.log(`spans exported as ${type}: ${(bytes / 1e6).toFixed(1)} MB`);
console.log(`load average ${loadAverage()}`);
for (const target of Object.values(variants)) target.child.kill();
receiver.close();
