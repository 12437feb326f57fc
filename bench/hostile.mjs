#!/usr/bin/env node
// Responsiveness of the built reference server under hostile input: for each attack category the
// attack runs for a few seconds (bounded loops, 127.0.0.1 only) while /healthz is polled every
// ~10 ms; prints healthz p50/p99/max, the attack's answers by status and whether the goals hold
// (p99 ≤ 50 ms, max ≤ 250 ms), then checks the server still creates and reads an agent correctly.
// Usage: pnpm build && node bench/hostile.mjs [category ...]
// Env: BENCH_DURATION (seconds per category, default 3), BENCH_CONCURRENCY (attackers, default 2).
import { mkdtempSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadAverage } from './machine-load.mjs';
import { CLI, DEV_SEED, freePort, serveArgs, spawnUntil } from './spawn-until.mjs';

const DURATION_MS = Number(process.env.BENCH_DURATION ?? 3) * 1000;
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 2);
const REQUEST_TIMEOUT_MS = 10_000;
const GOAL_P99_MS = 50;
const GOAL_MAX_MS = 250;
const TOKEN = 'dev-token';

// ---- bodies ---------------------------------------------------------------------------------

const chatBody = (extra = {}) => ({
  name: 'Bench',
  description: 'Hostile benchmark.',
  instruction: 'Answer politely.',
  intents: ['refund'],
  message: { role: 'user', content: [{ type: 'text', text: 'Where is my parcel?' }] },
  ...extra,
});
const chatText = (extra) => JSON.stringify(chatBody(extra));
/** A chat body with `field` set to the raw JSON text `raw`. */
const chatWithRaw = (field, raw) =>
  chatText({ [field]: null }).replace(`"${field}":null`, `"${field}":${raw}`);
const emptyObjects = (n) => `[${Array.from({ length: n }, () => '{}').join(',')}]`;
const ones = (n) => `[${Array.from({ length: n }, () => '1').join(',')}]`;
const withSchema = (schema, extra = {}) =>
  chatText({ response_format: { type: 'json_schema', json_schema: { name: 'x', schema } }, ...extra });

const MILLION_TOOLS = `{"name":"a","instruction":"b","tools":${emptyObjects(1_000_000)}}`;
const MILLION_AGENTS = chatWithRaw('agents', ones(1_000_000));
const MILLION_MEMORY = chatWithRaw('memoryChat', emptyObjects(1_000_000));
const BIG_IMAGE = chatText({
  message: {
    role: 'user',
    content: [{ type: 'image_url', image_url: { url: `data:image/png;base64,${'A'.repeat(6_400_000)}` } }],
  },
});

// ---- requests -------------------------------------------------------------------------------

let origin = '';

/** One request; resolves to its status, or `timeout`/`error`. */
async function send(method, path, body, token = TOKEN) {
  try {
    const res = await fetch(`${origin}${path}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
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

/** Holds a connection open, trickling a body a byte every 100 ms; resolves to how it ended. */
function slowBody(maxMs) {
  return new Promise((resolve) => {
    const socket = connect(new URL(origin).port, '127.0.0.1');
    let answered = '';
    const done = (how) => {
      clearInterval(timer);
      clearTimeout(limit);
      socket.destroy();
      resolve(answered ? `closed ${answered}` : how);
    };
    const timer = setInterval(() => socket.writable && socket.write(' '), 100);
    const limit = setTimeout(() => done('still open'), maxMs);
    socket.on('connect', () =>
      socket.write(
        `POST /v1/agents/create HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${TOKEN}\r\n` +
          'Content-Type: application/json\r\nContent-Length: 100000\r\n\r\n{',
      ),
    );
    socket.on('data', (chunk) => {
      answered ||= /^HTTP\/1\.1 (\d{3})/.exec(chunk.toString('latin1'))?.[1] ?? '';
    });
    socket.on('close', () => done('closed'));
    socket.on('error', () => done('closed'));
  });
}

const post = (path, body) => () => send('POST', path, body);
const CATEGORIES = {
  'quadratic-tools': [post('/v1/agents/create', MILLION_TOOLS)],
  'unique-items': [post('/v1/agents/chat/request', MILLION_AGENTS)],
  'memory-chat': [post('/v1/agents/chat/request', MILLION_MEMORY)],
  'malformed-bodies': [
    post('/v1/agents/create', '{"name":"a","instruction":"b","description":"\\ud800"}'),
    post(
      '/v1/agents/create',
      JSON.stringify({ name: 'a', instruction: 'b', tools: '[{"__proto__":{"x":1}}]' }),
    ),
    post(
      '/v1/agents/create',
      JSON.stringify({ name: 'a', instruction: 'b', tools: `${'['.repeat(5000)}${']'.repeat(5000)}` }),
    ),
    post('/v1/agents/create', JSON.stringify({ name: 'a', instruction: 'b', tools: [null, 0, false, 'x'] })),
  ],
  'response-format': [
    post('/v1/agents/chat/request', withSchema({ type: 'string', minLength: 200_000_000 })),
    post('/v1/agents/chat/request', withSchema({ type: 'string', minLength: 100_000 }, { max_tokens: 100 })),
    post(
      '/v1/agents/chat/request',
      withSchema({ type: 'string', enum: Array.from({ length: 100_000 }, (_, i) => `v${i}`) }),
    ),
    post('/v1/agents/chat/request', withSchema({ type: 'string', pattern: '^a{50000000}$' })),
  ],
  backtracking: [
    post(
      '/v1/agents/chat/request',
      withSchema({ type: 'string', pattern: '^(a+)+$', const: 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!' }),
    ),
  ],
  'big-chat': [post('/v1/agents/chat/request', BIG_IMAGE)],
  'path-ids': ['0x7', '7e0', '%207', '07', '7.0'].map((id) => () => send('GET', `/v1/agents/view/${id}`)),
  'heavy-concurrency': [
    post('/v1/agents/chat/request', chatText()),
    post('/v1/vectors/embedding', '{"sentences":["hi"]}'),
  ],
  'slow-bodies': [() => slowBody(DURATION_MS + 5000)],
  // Last: past its limit the server may refuse every request of this address for a while.
  'bad-tokens': [() => send('GET', '/v1/agents/view/1', undefined, `wrong-${Math.random()}`)],
};
/** Attackers per category (slow clients are many by nature; cost limits need more than 4 at once). */
const WIDTH = {
  'heavy-concurrency': 8,
  'slow-bodies': 50,
  'bad-tokens': 4,
  'path-ids': 4,
  'malformed-bodies': 4,
};

// ---- measuring ------------------------------------------------------------------------------

function pollHealth(stop) {
  const samples = [];
  return (async () => {
    while (!stop.done) {
      const started = performance.now();
      const status = await send('GET', '/healthz', undefined, null);
      samples.push(status === '200' ? performance.now() - started : REQUEST_TIMEOUT_MS);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    return samples;
  })();
}

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;

async function runCategory(name, attacks) {
  const deadline = performance.now() + DURATION_MS;
  const answers = {};
  const stop = { done: false };
  const health = pollHealth(stop);
  const width = WIDTH[name] ?? CONCURRENCY;
  await Promise.all(
    Array.from({ length: width }, async (_, worker) => {
      for (let i = worker; performance.now() < deadline; i++) {
        const status = await attacks[i % attacks.length]();
        answers[status] = (answers[status] ?? 0) + 1;
      }
    }),
  );
  stop.done = true;
  const sorted = (await health).sort((a, b) => a - b);
  const p50 = percentile(sorted, 50);
  const p99 = percentile(sorted, 99);
  const max = sorted.at(-1) ?? 0;
  const ok = sorted.length > 0 && p99 <= GOAL_P99_MS && max <= GOAL_MAX_MS;
  const byStatus = Object.entries(answers)
    .map(([status, count]) => `${status}×${count}`)
    .join(' ');
  console.log(
    `${name.padEnd(18)} healthz p50 ${p50.toFixed(1).padStart(6)} ms  p99 ${p99.toFixed(1).padStart(7)} ms  max ${max
      .toFixed(1)
      .padStart(7)} ms  (${sorted.length} polls)  ${ok ? 'ok  ' : 'FAIL'}  answers: ${byStatus}`,
  );
  return ok;
}

// ---- main -----------------------------------------------------------------------------------

const selected = process.argv.slice(2);
const unknown = selected.filter((name) => !(name in CATEGORIES));
if (unknown.length) {
  console.error(`unknown categories: ${unknown.join(', ')}; known: ${Object.keys(CATEGORIES).join(', ')}`);
  process.exit(2);
}
const dir = mkdtempSync(join(tmpdir(), 'hostile-bench-'));
const port = await freePort();
const server = await spawnUntil(
  serveArgs(['--port', String(port), '--seed', DEV_SEED, '--dev-token', TOKEN], CLI),
  {
    DATABASE_URL: join(dir, 'bench.sqlite'),
    RATE_LIMIT_MAX: '1000000000',
    LOG_LEVEL: 'warn',
    // A short window for failed authentications, so the final check is not limited by bad-tokens.
    AUTH_FAILURE_LIMIT_WINDOW_MS: '3000',
    // A budget within a category's duration, so work cut short by it shows as its 400, not a timeout.
    ENGINE_TASK_TIMEOUT_MS: '2000',
  },
  /listening on http:\/\/[^:]+:(\d+)/,
);
origin = `http://127.0.0.1:${port}`;
let serverExited = false;
server.child.once('exit', () => {
  serverExited = true;
});

console.log(`load average ${loadAverage()}; ${DURATION_MS / 1000} s per category`);
console.log(`goals: healthz p99 ≤ ${GOAL_P99_MS} ms, max ≤ ${GOAL_MAX_MS} ms while attacked\n`);
// One unmeasured large body and one chat first: the first use of a worker thread (its JIT, its
// compiled validators) is start-up, not the cost of an attack.
await send('POST', '/v1/agents/create', MILLION_TOOLS);
await send('POST', '/v1/agents/chat/request', chatText());
console.log('warmed up with one large body and one chat (not measured)\n');
const results = [];
for (const [name, attacks] of Object.entries(CATEGORIES)) {
  if (selected.length && !selected.includes(name)) continue;
  if (serverExited) {
    console.log(`${name.padEnd(18)} skipped: the server exited`);
    results.push(false);
    continue;
  }
  results.push(await runCategory(name, attacks));
}

// The server must still be alive and correct; a 429 left by the bad-token flood is waited out once.
const createAgent = () =>
  fetch(`${origin}/v1/agents/create`, {
    method: 'POST',
    headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'After the storm', instruction: 'Still here.' }),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  }).catch(() => undefined);
let created = serverExited ? undefined : await createAgent();
if (created?.status === 429) {
  const waitS = Math.min(Number(created.headers.get('retry-after') ?? 1), 10);
  await new Promise((resolve) => setTimeout(resolve, waitS * 1000 + 100));
  created = await createAgent();
}
let alive = false;
if (created?.status === 201) {
  const { data } = await created.json();
  const view = await fetch(`${origin}/v1/agents/view/${data.id}`, {
    headers: { authorization: `Bearer ${TOKEN}` },
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  }).catch(() => undefined);
  alive = view?.status === 200 && (await view.json()).data.name === 'After the storm';
}
console.log(
  `\nafter the attacks: ${alive ? 'alive, create + get correct' : `NOT OK (create answered ${created?.status ?? 'nothing'})`}`,
);
console.log(`categories meeting the goals: ${results.filter(Boolean).length}/${results.length}`);
console.log(`load average ${loadAverage()}`);
server.child.kill('SIGKILL');
process.exit(alive && results.every(Boolean) ? 0 : 1);
