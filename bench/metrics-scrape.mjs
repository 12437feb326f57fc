#!/usr/bin/env node
// How long one scrape of the server's metrics takes (GET /_admin/metrics with the operator's token,
// until its last byte), idle and on a busy server: the built server in its own process, 50
// connections reading an agent and a few making chats (the engine pool busy) while scrapes come
// one after another. The goal (issue: observability) is 5 ms or less on a busy server. Prints the
// machine's load before and after, since a loaded 2-core machine stretches every figure.
// Usage: pnpm --filter @assistant-platform/server build && node bench/metrics-scrape.mjs
// Env: BENCH_DURATION (seconds of load, default 10), BENCH_SCRAPES (idle scrapes, default 500).
// Besides the scrapes' latency as Prometheus sees it, it prints the server's CPU time per scrape
// (idle, from /proc) and the server's own mean time per scrape under load (its histogram).
import { mkdtempSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { supportChat } from './bench-bodies.mjs';
import { loadAverage } from './machine-load.mjs';
import { cpuMs } from './process-cpu.mjs';
import { CLI, DEV_SEED, freePort, serveArgs, spawnUntil } from './spawn-until.mjs';

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const IDLE_SCRAPES = Number(process.env.BENCH_SCRAPES ?? 500);
const TOKEN = 'dev-token';
const headers = { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' };

console.log(`machine: ${cpus().length} CPUs, load average ${loadAverage()} (1, 5, 15 min)`);

const port = await freePort();
const server = await spawnUntil(
  serveArgs(['--port', String(port), '--seed', DEV_SEED, '--dev-token', TOKEN], CLI),
  {
    DATABASE_URL: join(mkdtempSync(join(tmpdir(), 'metrics-bench-')), 'bench.sqlite'),
    LOG_LEVEL: 'warn',
    RATE_LIMIT_MAX: '100000000',
    // 54 connections of one account: over its admission limit (32 in flight) by default.
    ACCOUNT_MAX_REQUESTS_IN_FLIGHT: '1000000',
  },
  /listening on http:\/\/[^:]+:(\d+)/,
);
const origin = `http://127.0.0.1:${port}`;

/** Milliseconds of one scrape, and its size. */
async function scrape() {
  const started = performance.now();
  const response = await fetch(`${origin}/_admin/metrics`, { headers });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`scrape answered ${response.status}: ${text}`);
  return {
    ms: performance.now() - started,
    bytes: text.length,
    series: text.split('\n').filter((l) => l && !l.startsWith('#')).length,
  };
}

function summary(label, samples) {
  const sorted = samples.map((s) => s.ms).sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))].toFixed(2);
  const last = samples.at(-1);
  console.log(
    `${label.padEnd(28)} ${String(sorted.length).padStart(5)} scrapes  p50 ${at(0.5)} ms  p95 ${at(0.95)} ms  p99 ${at(0.99)} ms  max ${sorted.at(-1).toFixed(2)} ms  (${last.series} samples, ${Math.round(last.bytes / 1024)} KiB)`,
  );
}

// Warm up: the engines, the routes, a first stream and a few agent reads, so every series exists.
const chatBody = supportChat();
for (let i = 0; i < 20; i++) await (await fetch(`${origin}/v1/agents/view/1`, { headers })).text();
await (await fetch(`${origin}/v1/agents/chat/request`, { method: 'POST', headers, body: chatBody })).text();
for (let i = 0; i < 20; i++) await scrape();

/** The server's own mean time for its scrapes (request to last byte), from its histogram. */
async function serverSideMs() {
  const text = await (await fetch(`${origin}/_admin/metrics`, { headers })).text();
  const read = (name) =>
    Number(new RegExp(`^${name}\\{operation="scrapeMetrics"\\} (\\S+)$`, 'm').exec(text)?.[1] ?? 0);
  return {
    sum: read('assistant_server_request_duration_seconds_sum') * 1000,
    count: read('assistant_server_request_duration_seconds_count'),
  };
}

const idle = [];
const cpuBefore = cpuMs(server.child.pid);
for (let i = 0; i < IDLE_SCRAPES; i++) idle.push(await scrape());
const cpuPerScrape = (cpuMs(server.child.pid) - cpuBefore) / IDLE_SCRAPES;
summary('idle server', idle);
console.log(`server CPU per scrape (idle, HTTP included): ${cpuPerScrape.toFixed(2)} ms`);
const before = await serverSideMs();

const busy = [];
let loading = true;
const traffic = Promise.all([
  autocannon({ url: `${origin}/v1/agents/view/1`, headers, connections: 50, duration: DURATION }),
  autocannon({
    url: `${origin}/v1/agents/chat/request`,
    method: 'POST',
    headers,
    body: chatBody,
    connections: 4,
    duration: DURATION,
  }),
]).finally(() => {
  loading = false;
});
// Scrapes one after another, as fast as they answer, while the load lasts.
await new Promise((resolve) => setTimeout(resolve, 500));
while (loading) busy.push(await scrape());
const [reads, chats] = await traffic;
console.log(
  `load: GET agent ${Math.round(reads.requests.average)} req/s (p99 ${reads.latency.p99} ms), chat ${Math.round(chats.requests.average)} req/s; non-2xx ${reads.non2xx + chats.non2xx}, errors ${reads.errors + chats.errors}`,
);
summary('busy server', busy);
const after = await serverSideMs();
console.log(
  `busy server's own time per scrape (its histogram, event-loop waits included): ${((after.sum - before.sum) / (after.count - before.count)).toFixed(2)} ms mean`,
);
console.log(`load average after: ${loadAverage()}`);
server.child.kill('SIGTERM');
