#!/usr/bin/env node
// Fairness between accounts on one built reference server. Account B (globex-token) runs its
// everyday requests one after another, 8 a second (under the default rate limit of 600 a minute) —
// GET agent, create, small chat, structured chat, a 156 KB create, embeddings — first with the
// server idle, then while account A (dev-token) runs each hostile category at the server's default
// limits (its rate limit included; bounded loops, 127.0.0.1 only). Prints B's p50/p99 per
// request kind, A's answers by status, the machine's load, and whether the goal holds: B's p99 at
// most 2× its idle p99 (plus a 20 ms floor for sub-millisecond idle figures) and no error for B.
// Usage: pnpm build && node bench/tenants.mjs [category ...]
// Env: BENCH_DURATION (seconds per category, default 15).
import { mkdtempSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, spawnUntil } from './spawn-until.mjs';

const DURATION_MS = Number(process.env.BENCH_DURATION ?? 15) * 1000;
/** B's pace: one request started every 125 ms at most, so B stays under its own rate limit. */
const B_INTERVAL_MS = 125;
const REQUEST_TIMEOUT_MS = 60_000;
const FLOOR_MS = 20;
const CLI = fileURLToPath(new URL('../apps/server/dist/cli.js', import.meta.url));
const SEED = fileURLToPath(new URL('../seed/dev.json', import.meta.url));
const A = 'dev-token';
const B = 'globex-token';

// ---- bodies ---------------------------------------------------------------------------------

const chat = (extra = {}) =>
  JSON.stringify({
    name: 'Bench',
    description: 'Tenant benchmark.',
    instruction: 'Answer politely.',
    intents: ['refund', 'delivery status'],
    message: { role: 'user', content: [{ type: 'text', text: 'Where is my parcel?' }] },
    ...extra,
  });
const withSchema = (schema, extra = {}) =>
  chat({ response_format: { type: 'json_schema', json_schema: { name: 'x', schema } }, ...extra });
const tool = (i) => ({
  type: 'function',
  function: {
    name: `tool_${i}`,
    description: 'd'.repeat(1850),
    parameters: { type: 'object', properties: {} },
  },
});
const LARGE_CREATE = JSON.stringify({
  name: 'Large',
  instruction: 'i'.repeat(32_000),
  tools: Array.from({ length: 64 }, (_, i) => tool(i)),
});
const BACKTRACKING = withSchema({ type: 'string', pattern: '^(a+)+$', const: `${'a'.repeat(30)}!` });
const BIG_BODY = `{"name":"a","instruction":"b","tools":[${Array.from({ length: 1_000_000 }, () => '{}').join(',')}]}`;
const PATCH_200K = JSON.stringify({ transcript: { filename: 'call.mp3', transcript: 't'.repeat(200_000) } });
const BIG_EMBEDDINGS = JSON.stringify({
  sentences: Array.from({ length: 256 }, (_, i) => `${i} ${'word '.repeat(1600)}`),
});

// ---- requests -------------------------------------------------------------------------------

let origin = '';

/** One request; resolves to its status (after the whole answer), or `timeout`/`error`. */
async function send(method, path, body, token, headers = {}) {
  try {
    const res = await fetch(`${origin}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      body,
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    await res.arrayBuffer();
    return String(res.status);
  } catch (error) {
    return error?.name === 'TimeoutError' ? 'timeout' : 'error';
  }
}

/** B's requests, each with the status it expects. */
const B_REQUESTS = {
  get: [() => send('GET', '/v1/agents/view/3', undefined, B), '200'],
  create: [
    () => send('POST', '/v1/agents/create', JSON.stringify({ name: 'B', instruction: 'x' }), B),
    '201',
  ],
  'small chat': [() => send('POST', '/v1/agents/chat/request', chat(), B), '200'],
  'structured chat': [
    () =>
      send(
        'POST',
        '/v1/agents/chat/request',
        withSchema({ type: 'object', properties: { summary: { type: 'string' } }, required: ['summary'] }),
        B,
      ),
    '200',
  ],
  '156 KB create': [() => send('POST', '/v1/agents/create', LARGE_CREATE, B), '201'],
  embeddings: [
    () => send('POST', '/v1/vectors/embedding', '{"sentences":["Where is my parcel?"]}', B),
    '200',
  ],
};

const postA = (path, body, headers) => () => send('POST', path, body, A, headers);
/** Account A's attacks, and how many run at once (at the per-token limits, or past them). */
const CATEGORIES = {
  backtracking: [4, postA('/v1/agents/chat/request', BACKTRACKING)],
  'big-bodies': [16, postA('/v1/agents/create', BIG_BODY)],
  'patches-200k': [64, () => send('PATCH', '/v1/transcribe/workspace/7/transcriptions/42', PATCH_200K, A)],
  'big-embeddings': [4, postA('/v1/vectors/embedding', BIG_EMBEDDINGS)],
  streams: [4, postA('/v1/agents/chat/request', chat({ stream: true, max_tokens: 4096 }))],
  // Both need limits another change adds (Prefer delays as in-flight work; failed authentication
  // that never refuses a valid token).
  'prefer-delay': [
    64,
    postA('/v1/agents/create', JSON.stringify({ name: 'a', instruction: 'b' }), { prefer: 'delay=5000' }),
  ],
  'bad-tokens': [4, () => send('GET', '/v1/agents/view/1', undefined, `wrong-${Math.random()}`)],
};

// ---- measuring ------------------------------------------------------------------------------

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;

/** B's requests in turn until the deadline: latencies per kind, and what went wrong. */
async function measureB(deadline) {
  const samples = Object.fromEntries(Object.keys(B_REQUESTS).map((kind) => [kind, []]));
  const errors = [];
  while (performance.now() < deadline)
    for (const [kind, [request, expected]] of Object.entries(B_REQUESTS)) {
      const started = performance.now();
      const status = await request();
      const took = performance.now() - started;
      samples[kind].push(took);
      if (status !== expected) errors.push(`${kind} ${status}`);
      if (took < B_INTERVAL_MS) await new Promise((resolve) => setTimeout(resolve, B_INTERVAL_MS - took));
    }
  const figures = {};
  for (const [kind, values] of Object.entries(samples)) {
    const sorted = values.sort((a, b) => a - b);
    figures[kind] = { p50: percentile(sorted, 50), p99: percentile(sorted, 99), n: sorted.length };
  }
  return { figures, errors };
}

async function attack(width, request, stop) {
  const answers = {};
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (!stop.done) {
        const status = await request();
        answers[status] = (answers[status] ?? 0) + 1;
      }
    }),
  );
  return answers;
}

const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
const ms = (n) => `${n.toFixed(1).padStart(7)} ms`;

function report(name, { figures, errors }, idle, answers) {
  let ok = errors.length === 0;
  const lines = Object.entries(figures).map(([kind, { p50, p99, n }]) => {
    const goal = idle ? 2 * idle[kind].p99 + FLOOR_MS : undefined;
    const met = goal === undefined || p99 <= goal;
    ok &&= met;
    return `  ${kind.padEnd(16)} p50 ${ms(p50)}  p99 ${ms(p99)}  (${String(n).padStart(3)})${goal === undefined ? '' : `  goal ≤ ${ms(goal)} ${met ? 'ok' : 'FAIL'}`}`;
  });
  const a = answers
    ? `  A: ${Object.entries(answers)
        .map(([status, count]) => `${status}×${count}`)
        .join(' ')}`
    : '';
  console.log(`${name}  load ${load()}${idle ? `  ${ok ? 'ok' : 'FAIL'}` : ''}${a}`);
  console.log(lines.join('\n'));
  if (errors.length)
    console.log(`  B's errors (${errors.length}): ${[...new Set(errors)].slice(0, 6).join(', ')}`);
  return ok;
}

// ---- main -----------------------------------------------------------------------------------

const selected = process.argv.slice(2);
const unknown = selected.filter((name) => !(name in CATEGORIES));
if (unknown.length) {
  console.error(`unknown categories: ${unknown.join(', ')}; known: ${Object.keys(CATEGORIES).join(', ')}`);
  process.exit(2);
}
/**
 * A fresh server (so each category starts with A's rate-limit window unused), warmed up unmeasured:
 * the first use of each worker thread (its JIT, compiled validators) is start-up. An account runs on
 * one thread of two at most, so A and B together start both threads of each pool.
 */
async function freshServer() {
  const port = await freePort();
  const server = await spawnUntil(
    [CLI, 'serve', '--port', String(port), '--seed', SEED],
    // The default limits: the rate limit (600 a minute a token) bounds the event loop's work for A.
    { DATABASE_URL: join(mkdtempSync(join(tmpdir(), 'tenants-bench-')), 'bench.sqlite'), LOG_LEVEL: 'error' },
    /listening on http:\/\/[^:]+:(\d+)/,
  );
  origin = `http://127.0.0.1:${port}`;
  for (const [request] of Object.values(B_REQUESTS))
    await Promise.all([
      request(),
      request === B_REQUESTS['156 KB create'][0]
        ? postA('/v1/agents/create', LARGE_CREATE)()
        : postA('/v1/agents/chat/request', withSchema({ type: 'string' }))(),
    ]);
  return server.child;
}

console.log(`load average ${load()}; ${DURATION_MS / 1000} s per category`);
console.log(`goal: B's p99 ≤ 2 × its idle p99 + ${FLOOR_MS} ms for each request, and no error for B\n`);
let server = await freshServer();
const idle = await measureB(performance.now() + DURATION_MS);
report('idle', idle);
const results = [];
for (const [name, [width, request]] of Object.entries(CATEGORIES)) {
  if (selected.length && !selected.includes(name)) continue;
  server.kill('SIGKILL');
  server = await freshServer();
  const stop = { done: false };
  const attacking = attack(width, request, stop);
  const measured = await measureB(performance.now() + DURATION_MS);
  stop.done = true;
  const answers = await attacking;
  results.push([name, report(`\n${name} (A: ${width} at once)`, measured, idle.figures, answers)]);
}
console.log(`\ncategories meeting the goal: ${results.filter(([, ok]) => ok).length}/${results.length}`);
console.log(
  `failing: ${
    results
      .filter(([, ok]) => !ok)
      .map(([name]) => name)
      .join(', ') || 'none'
  }`,
);
console.log(`load average ${load()}`);
server.kill('SIGKILL');
process.exit(results.every(([, ok]) => ok) ? 0 : 1);
