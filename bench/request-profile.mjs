#!/usr/bin/env node
// Where the server's CPU goes per request: the reference server's own bundle, built here with
// source maps, runs under V8's CPU profiler while autocannon sends one kind of request; each
// sample's function is mapped back to its source file, and the table lists the files (the
// server's and its packages' by path, a dependency by package, Node's own by module) with their
// share of the main thread's busy time and the CPU microseconds they cost per request. Idle time is
// left out; garbage collection and V8's own work are rows of their own. Only the samples taken
// while the measured requests ran count (the profiler's clock is the system's monotonic one, which
// this process reads too), so start-up and the warm-up are not in the table.
// Kinds: bare (a bare Fastify route answering GET with a body of the same size: the floor), get (one agent, again and again: answered from the token and agent caches), create, chat
// (a small plain chat: answered on the event loop), chats and embeddings (what engine-throughput.mjs
// sends: 1,000 distinct chats, embeddings of 16 sentences), stream (the same chat streamed), keyed (a create
// with a new Idempotency-Key each time, as the SDK sends), refused (a GET with an unknown token:
// 401, then the failed-authentication limit's 429), limited (a GET over its token's rate limit: 429),
// proxied (the validation proxy forwarding a GET to a reference server in a process of its own) and
// passthrough (its floor: a bare Node `http` pass-through in front of the same server).
// Usage: node bench/request-profile.mjs [kind ...]   (builds apps/server first, about 20 s)
// Env: BENCH_DURATION (seconds per kind, default 5), BENCH_ROWS (rows per table, default 25),
// BENCH_MIN_SHARE (hide rows under this % of busy time, default 0.5), BENCH_DETAIL (a row to split
// by function, e.g. server/db/rows.ts), BENCH_SERVER_ENV (more of the server's environment, as
// JSON: '{"OTEL_EXPORTER_OTLP_ENDPOINT":"http://127.0.0.1:4318"}' profiles it tracing).
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { originalPositionFor, TraceMap } from '@jridgewell/trace-mapping';
import autocannon from 'autocannon';
import { cyclingRequest, supportChat } from './bench-bodies.mjs';
import { chatPayloads, embeddingPayloads } from './embeddings-corpus.mjs';
import { loadAverage } from './machine-load.mjs';
import { buildWithSourceMaps } from './profile-build.mjs';
import { DEV_SEED, freePort } from './spawn-until.mjs';

const DURATION = Number(process.env.BENCH_DURATION ?? 5);
const ROWS = Number(process.env.BENCH_ROWS ?? 25);
const MIN_SHARE = Number(process.env.BENCH_MIN_SHARE ?? 0.5);
const CONNECTIONS = 50;
const TOKEN = 'dev-token';
const BARE = fileURLToPath(new URL('./server-bare-route.mjs', import.meta.url));
const PASSTHROUGH = fileURLToPath(new URL('./passthrough-bare.mjs', import.meta.url));
const BARE_GET_BODY = JSON.stringify({
  success: true,
  message: 'Agent retrieved',
  data: { x: 'x'.repeat(780) },
});
const headers = { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' };
const KINDS = {
  // The baseline: a bare Fastify route answering a GET with a body of the same size as the agent's.
  bare: { url: '/v1/agents/view/1' },
  get: { url: '/v1/agents/view/1' },
  create: { url: '/v1/agents/create', method: 'POST', body: '{"name":"Bench","instruction":"Answer."}' },
  // The same create with a new Idempotency-Key each time, as the SDK sends every POST.
  keyed: {
    url: '/v1/agents/create',
    method: 'POST',
    body: '{"name":"Bench","instruction":"Answer."}',
    idReplacement: true,
    headers: { 'idempotency-key': 'bench-[<id>]' },
  },
  chat: { url: '/v1/agents/chat/request', method: 'POST', body: supportChat() },
  // What engine-throughput.mjs sends: plain chats of 1,000 distinct messages, and embeddings of 16
  // sentences a request, cycled so that no cache answers from memory.
  chats: {
    url: '/v1/agents/chat/request',
    method: 'POST',
    requests: [cyclingRequest(chatPayloads())],
  },
  embeddings: {
    url: '/v1/vectors/embedding',
    method: 'POST',
    requests: [cyclingRequest(embeddingPayloads(16))],
  },
  stream: { url: '/v1/agents/chat/request', method: 'POST', body: supportChat({ stream: true }) },
  // What refusing costs, the work an attacker makes by flooding: a GET with a token that does not
  // exist (401, then the failed-authentication limit's 429), and a GET over its token's rate limit
  // (429).
  refused: { url: '/v1/agents/view/1', headers: { authorization: 'Bearer not-a-token' }, refusals: true },
  limited: { url: '/v1/agents/view/1', env: { RATE_LIMIT_MAX: '1' }, refusals: true },
  // The validation proxy (`proxy --target`) forwarding a GET to a reference server in a process of
  // its own (not profiled): what the proxy's checks and forwarding cost a call.
  proxied: { url: '/v1/agents/view/1', proxy: true },
  // Its floor: a bare Node `http` pass-through (passthrough-bare.mjs) in front of the same server.
  passthrough: { url: '/v1/agents/view/1', proxy: true },
};

const REPOSITORY = fileURLToPath(new URL('..', import.meta.url));

/**
 * Which row a sample counts in: a source file of the repository (the server's as server/…), a
 * dependency by package name, Node's JavaScript by module, a native function by name.
 */
function rowOf(url, functionName, source) {
  if (url === '') return `(native) ${functionName || 'anonymous'}`;
  if (url.startsWith('node:'))
    return url.startsWith('node:internal/') ? `node:internal/${url.split('/')[1]}` : url;
  if (source === undefined) return `(unmapped) ${url.split('/').pop()}`;
  // pnpm's store folder names the package even where a package's own maps point outside it.
  const inStore = /\/\.pnpm\/(@?[^@/]+)@/.exec(source);
  if (inStore) return inStore[1].replace('+', '/');
  const inPackage = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
  if (inPackage) return inPackage[1];
  const path = relative(REPOSITORY, source);
  return path.startsWith('apps/server/src/') ? `server/${path.slice('apps/server/src/'.length)}` : path;
}

/** Self time per row of the main thread's profile between two instants (µs), and the busy total. */
function attribute(profile, dist, fromUs, toUs) {
  const maps = new Map();
  const mapOf = (url) => {
    if (!url.startsWith(pathToFileURL(dist).href)) return undefined;
    if (!maps.has(url)) {
      const file = fileURLToPath(url);
      try {
        maps.set(url, new TraceMap(readFileSync(`${file}.map`, 'utf8')));
      } catch {
        maps.set(url, undefined);
      }
    }
    return maps.get(url);
  };
  const selfUs = new Map();
  let at = profile.startTime;
  profile.samples.forEach((id, i) => {
    const delta = profile.timeDeltas[i] ?? 0;
    at += delta;
    if (at >= fromUs && at <= toUs) selfUs.set(id, (selfUs.get(id) ?? 0) + delta);
  });
  const rows = new Map();
  let busy = 0;
  for (const node of profile.nodes) {
    const us = selfUs.get(node.id) ?? 0;
    const { url, functionName, lineNumber, columnNumber } = node.callFrame;
    if (us === 0 || functionName === '(idle)') continue;
    busy += us;
    let row;
    if (functionName.startsWith('(')) row = functionName;
    else {
      const map = mapOf(url);
      let source;
      if (map) {
        const found = originalPositionFor(map, { line: lineNumber + 1, column: columnNumber }).source;
        source = found === null ? undefined : resolve(dirname(fileURLToPath(url)), found);
      } else if (url.startsWith('file:')) source = fileURLToPath(url);
      row = rowOf(url, functionName, source);
      if (row === process.env.BENCH_DETAIL) row = `${row}: ${functionName} (${source}:${lineNumber})`;
    }
    rows.set(row, (rows.get(row) ?? 0) + us);
  }
  return { rows, busy };
}

/** Starts `script args` under the profiler; resolves once a line of its output gives its port. */
async function startProfiled(script, args, env, ready) {
  const child = spawn(
    process.execPath,
    ['--cpu-prof', `--cpu-prof-dir=${env.PROFILE_DIR}`, script, ...args],
    {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const port = await new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (data) => {
      out += data;
      const match = ready.exec(out);
      if (match) resolve(match[1]);
    });
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}: ${out}`)));
  });
  return { child, origin: `http://127.0.0.1:${port}` };
}

/** The reference server (its limits out of the way: one token sends everything) or the bare route. */
async function start(kind, dist, profileDir, env = {}) {
  if (kind === 'bare')
    return startProfiled(BARE, [], { PROFILE_DIR: profileDir, BARE_GET_BODY }, /ready (\d+)/);
  if (KINDS[kind].proxy) {
    // The target is profiled too (start() profiles every server), into a folder of its own, dropped.
    const targetDir = mkdtempSync(join(tmpdir(), 'request-profile-target-'));
    const target = await start('get', dist, targetDir);
    const proxy =
      kind === 'passthrough'
        ? await startProfiled(
            PASSTHROUGH,
            [],
            { PROFILE_DIR: profileDir, TARGET: target.origin },
            /PASS http:\/\/[^:]+:(\d+)/,
          )
        : await startProfiled(
            join(dist, 'cli.js'),
            ['proxy', '--target', `${target.origin}/v1`, '--port', '0'],
            {
              PROFILE_DIR: profileDir,
              DATABASE_URL: ':memory:',
              LOG_LEVEL: 'warn',
              ACCOUNT_MAX_REQUESTS_IN_FLIGHT: '1000000',
            },
            /listening on http:\/\/[^:]+:(\d+)/,
          );
    proxy.child.once('exit', () => {
      target.child.once('exit', () => rmSync(targetDir, { recursive: true, force: true }));
      target.child.kill('SIGTERM');
    });
    return proxy;
  }
  const port = await freePort();
  return startProfiled(
    join(dist, 'cli.js'),
    ['serve', '--port', String(port), '--seed', DEV_SEED],
    {
      PROFILE_DIR: profileDir,
      DATABASE_URL: join(mkdtempSync(join(tmpdir(), 'profile-bench-')), 'bench.sqlite'),
      RATE_LIMIT_MAX: '1000000000',
      MAX_HEAVY_REQUESTS_PER_TOKEN: '1000000',
      ACCOUNT_MAX_REQUESTS_IN_FLIGHT: '1000000',
      LOG_LEVEL: 'warn',
      ...env,
      ...JSON.parse(process.env.BENCH_SERVER_ENV ?? '{}'),
    },
    /listening on http:\/\/[^:]+:(\d+)/,
  );
}

async function profileKind(name, dist) {
  const profileDir = mkdtempSync(join(tmpdir(), 'request-profile-'));
  const { env, refusals, proxy, ...kind } = KINDS[name];
  const { child, origin } = await start(name, dist, profileDir, env);
  const request = { ...kind, headers: { ...headers, ...kind.headers } };
  // Unmeasured: start-up and the JIT's first compilations are not a request's cost.
  await autocannon({ ...request, url: `${origin}${request.url}`, connections: CONNECTIONS, duration: 2 });
  const fromUs = Number(process.hrtime.bigint() / 1000n);
  const result = await autocannon({
    ...request,
    url: `${origin}${request.url}`,
    connections: CONNECTIONS,
    duration: DURATION,
  });
  const toUs = Number(process.hrtime.bigint() / 1000n);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
  // The main thread's profile is the one with the lowest thread number (workers write their own).
  const file = readdirSync(profileDir)
    .filter((each) => each.endsWith('.cpuprofile'))
    .sort((a, b) => Number(a.split('.')[3]) - Number(b.split('.')[3]))[0];
  const profile = JSON.parse(readFileSync(join(profileDir, file), 'utf8'));
  rmSync(profileDir, { recursive: true, force: true });
  return {
    ...attribute(profile, dist, fromUs, toUs),
    requests: result.requests.total,
    rps: result.requests.average,
    wallMs: (toUs - fromUs) / 1000,
    bad: refusals ? result.errors : result.non2xx + result.errors,
    statuses: statusesOf(result),
  };
}

/** The answers by status class, as autocannon counts them. */
const statusesOf = (result) =>
  ['2xx', '4xx', '5xx']
    .filter((status) => result[status] > 0)
    .map((status) => `${status} ${result[status]}`)
    .join(', ');

function print(name, { rows, busy, requests, rps, wallMs, bad, statuses }) {
  console.log(
    `\n${name}: ${Math.round(rps)} req/s, ${requests} requests (${statuses}) in ${(wallMs / 1000).toFixed(1)} s${bad ? ` (${bad} unexpected answers/errors!)` : ''}; ` +
      `main thread busy ${((100 * busy) / 1000 / wallMs).toFixed(0)} % of the time, ${(busy / requests).toFixed(1)} µs a request`,
  );
  console.log(`  ${'share'.padStart(6)}  ${'µs/req'.padStart(7)}  where`);
  const sorted = [...rows.entries()].sort((a, b) => b[1] - a[1]);
  let hidden = 0;
  for (const [row, us] of sorted.slice(0, ROWS)) {
    const share = (100 * us) / busy;
    if (share < MIN_SHARE) {
      hidden += us;
      continue;
    }
    console.log(`  ${share.toFixed(1).padStart(5)}%  ${(us / requests).toFixed(2).padStart(7)}  ${row}`);
  }
  for (const [, us] of sorted.slice(ROWS)) hidden += us;
  console.log(
    `  ${((100 * hidden) / busy).toFixed(1).padStart(5)}%  ${(hidden / requests).toFixed(2).padStart(7)}  (the other ${Math.max(0, sorted.length - ROWS)}+ rows)`,
  );
}

const selected = process.argv.slice(2);
for (const name of selected)
  if (!(name in KINDS)) throw new Error(`unknown kind ${name}; known: ${Object.keys(KINDS).join(', ')}`);
console.log(
  `load average ${loadAverage()}; ${availableParallelism()} cores; ${DURATION} s per kind, ${CONNECTIONS} connections`,
);
const dist = buildWithSourceMaps();
for (const name of selected.length ? selected : Object.keys(KINDS))
  print(name, await profileKind(name, dist));
console.log(`\nload average ${loadAverage()}`);
