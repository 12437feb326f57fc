#!/usr/bin/env node
import { mkdtempSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
/**
 * Throughput of the embeddings endpoint with 16 sentences per request, against a bare Fastify
 * route that parses the same requests and answers a precomputed embeddings JSON of the same size,
 * each server in its own process. Requests cycle through 1,250 payloads of distinct sentences in 7
 * languages (20,000 sentences), so no cache can answer from memory. Goal: the endpoint at ≥ 0.15× the bare route's requests per second.
 * Usage: pnpm --filter @assistant-platform/server build && node bench/embeddings-http.mjs
 * Env: BENCH_DURATION (seconds per run, default 10).
 */
import autocannon from 'autocannon';
import { distinctSentences } from './embeddings-corpus.mjs';
import { spawnUntil } from './spawn-until.mjs';

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = 50;
const GOAL = 0.15;
// BENCH_CLI runs another build's server (its dist/cli.js), to compare builds.
const CLI = process.env.BENCH_CLI ?? fileURLToPath(new URL('../apps/server/dist/cli.js', import.meta.url));
const SEED = fileURLToPath(new URL('../seed/dev.json', import.meta.url));
const BARE = fileURLToPath(new URL('./server-bare-route.mjs', import.meta.url));
const TOKEN = 'dev-token';

const BATCH = 16;
const sentences = distinctSentences(20_000, 3);
const payloads = [];
for (let i = 0; i + BATCH <= sentences.length; i += BATCH) {
  payloads.push(JSON.stringify({ sentences: sentences.slice(i, i + BATCH) }));
}

async function run(label, url) {
  let next = 0;
  const result = await autocannon({
    url,
    method: 'POST',
    headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
    requests: [
      {
        setupRequest: (request) => {
          request.body = payloads[next++ % payloads.length];
          return request;
        },
      },
    ],
    connections: CONNECTIONS,
    duration: DURATION,
  });
  const failures = result.non2xx + result.errors;
  console.log(
    `${label.padEnd(26)} ${String(Math.round(result.requests.average)).padStart(7)} req/s  p50 ${result.latency.p50} ms  p99 ${result.latency.p99} ms${failures ? `  (${failures} non-2xx/errors!)` : ''}`,
  );
  return result.requests.average;
}

const dir = mkdtempSync(join(tmpdir(), 'embeddings-bench-'));
const server = await spawnUntil(
  [CLI, 'serve', '--port', '0', '--seed', SEED, '--dev-token', TOKEN],
  {
    DATABASE_URL: join(dir, 'bench.sqlite'),
    RATE_LIMIT_MAX: '1000000000',
    ACCOUNT_MAX_REQUESTS_IN_FLIGHT: '1000000',
    LOG_LEVEL: 'warn',
  },
  /listening on http:\/\/[^:]+:(\d+)/,
);
const endpoint = `http://127.0.0.1:${server.port}/v1/vectors/embedding`;
const first = await fetch(endpoint, {
  method: 'POST',
  headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
  body: payloads[0],
});
const responseBody = await first.text();
if (!first.ok) throw new Error(`embeddings endpoint answered ${first.status}: ${responseBody}`);
const bare = await spawnUntil([BARE], { BARE_CREATE_BODY: responseBody }, /ready (\d+)/);

try {
  console.log(
    `${BATCH} sentences/request (${payloads.length} distinct payloads, ~${responseBody.length} response bytes), ${CONNECTIONS} connections, ${DURATION} s per run`,
  );
  const bareRate = await run('bare Fastify POST', `http://127.0.0.1:${bare.port}/v1/agents/create`);
  const serverRate = await run('server embeddings', endpoint);
  const ratio = serverRate / bareRate;
  console.log(`\nembeddings / bare POST  ${ratio.toFixed(2)}x  (goal ≥ ${GOAL})`);
  console.log(`sentences embedded/s    ${Math.round(serverRate * BATCH)}`);
  console.log(
    `load average            ${loadavg()
      .map((x) => x.toFixed(1))
      .join(' ')}`,
  );
  process.exitCode = ratio >= GOAL ? 0 : 1;
} finally {
  server.child.kill();
  bare.child.kill();
}
