#!/usr/bin/env node
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
// What the request journal costs: the built server with the journal on (JOURNAL_MAX=1000, the
// default) against the same build with it off (JOURNAL_MAX=0), for GET agent and for a streamed
// chat (the journal keeps each stream's writes). How fast one server process runs depends on how V8
// happened to optimise it, so each round starts a fresh pair, warms both up, then measures them
// back to back (the order alternating between rounds): throughput over BENCH_DURATION seconds, and
// the server's CPU time per request over a fixed number of requests (read from /proc, where there
// is one), which a busy machine disturbs far less than throughput. The medians over the rounds are
// reported. Goal (issue #27): the journal keeps at least 95 % of each kind's throughput.
// Usage: pnpm --filter @assistant-platform/server build && node bench/journal-cost.mjs [get] [stream]
// (both by default)
// Env: BENCH_ROUNDS (default 6), BENCH_DURATION (default 5), BENCH_CLI (another build's dist/cli.js).
import autocannon from 'autocannon';
import { supportChat } from './bench-bodies.mjs';
import { cpuMs } from './process-cpu.mjs';
import { DEV_SEED, CLI as SHIPPED_CLI, serveArgs, spawnUntil } from './spawn-until.mjs';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 6);
const DURATION = Number(process.env.BENCH_DURATION ?? 5);
const CLI = process.env.BENCH_CLI ?? SHIPPED_CLI;
const TOKEN = 'dev-token';
const dir = mkdtempSync(join(tmpdir(), 'journal-bench-'));
const KINDS = {
  get: { label: 'GET agent', path: '/v1/agents/view/1', cpuRequests: 40_000 },
  stream: {
    label: 'chat stream',
    path: '/v1/agents/chat/request',
    method: 'POST',
    body: supportChat({ stream: true }),
    cpuRequests: 10_000,
  },
};
const chosen = process.argv.slice(2).length > 0 ? process.argv.slice(2) : Object.keys(KINDS);
for (const name of chosen) if (!(name in KINDS)) throw new Error(`unknown kind ${name}: get or stream`);

async function start(kind, journalMax, round) {
  const database = join(dir, `journal-${journalMax}-${round}.sqlite`);
  const server = await spawnUntil(
    serveArgs(['--port', '0', '--seed', DEV_SEED, '--dev-token', TOKEN], CLI),
    {
      DATABASE_URL: database,
      RATE_LIMIT_MAX: '1000000000',
      ACCOUNT_MAX_REQUESTS_IN_FLIGHT: '1000000',
      MAX_HEAVY_REQUESTS_PER_TOKEN: '1000000',
      LOG_LEVEL: 'warn',
      JOURNAL_MAX: journalMax,
    },
    /listening on http:\/\/[^:]+:(\d+)/,
  );
  const target = {
    url: `http://127.0.0.1:${server.port}${kind.path}`,
    method: kind.method ?? 'GET',
    headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
    ...(kind.body === undefined ? {} : { body: kind.body }),
    connections: 50,
  };
  await autocannon({ ...target, amount: kind.cpuRequests / 2 });
  return { server, target, database, cpuRequests: kind.cpuRequests };
}

async function measure(label, { server, target, cpuRequests }) {
  const result = await autocannon({ ...target, duration: DURATION });
  if (result.non2xx + result.errors > 0)
    throw new Error(`${label}: ${result.non2xx + result.errors} failures`);
  const before = cpuMs(server.child.pid);
  await autocannon({ ...target, amount: cpuRequests });
  const after = cpuMs(server.child.pid);
  const cpuUs = before === undefined ? undefined : ((after - before) * 1000) / cpuRequests;
  console.log(
    `  ${label.padEnd(12)} ${String(Math.round(result.requests.average)).padStart(6)} req/s` +
      (cpuUs === undefined ? '' : `  ${cpuUs.toFixed(1)} µs CPU per request`),
  );
  return { rps: result.requests.average, cpuUs };
}

async function stop({ server, database }) {
  server.child.kill('SIGTERM');
  await new Promise((resolve) => server.child.once('exit', resolve));
  for (const suffix of ['', '-wal', '-shm']) rmSync(database + suffix, { force: true });
}

const median = (values) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)];
const summary = [];
for (const name of chosen) {
  const kind = KINDS[name];
  const rounds = [];
  console.log(
    `${kind.label}, journal on (JOURNAL_MAX=1000) and off (0): ${ROUNDS} rounds, fresh servers each`,
  );
  for (let round = 1; round <= ROUNDS; round++) {
    console.log(`round ${round}`);
    const on = await start(kind, '1000', round);
    const off = await start(kind, '0', round);
    const first = round % 2 === 1 ? ['on', on] : ['off', off];
    const second = round % 2 === 1 ? ['off', off] : ['on', on];
    const measured = {
      [first[0]]: await measure(`journal ${first[0]}`, first[1]),
      [second[0]]: await measure(`journal ${second[0]}`, second[1]),
    };
    rounds.push({
      throughput: measured.on.rps / measured.off.rps,
      cpu: measured.on.cpuUs === undefined ? undefined : measured.on.cpuUs - measured.off.cpuUs,
      cpuRatio: measured.on.cpuUs === undefined ? undefined : measured.off.cpuUs / measured.on.cpuUs,
    });
    await Promise.all([stop(on), stop(off)]);
  }
  summary.push(
    `${`${kind.label} journal on/off`.padEnd(26)} ${median(rounds.map((r) => r.throughput)).toFixed(2)}x throughput  (median of rounds; goal ≥ 0.95)`,
  );
  if (rounds[0].cpu !== undefined)
    summary.push(
      `${`CPU per ${kind.label}`.padEnd(26)} +${median(rounds.map((r) => r.cpu)).toFixed(1)} µs with the journal  (requests per CPU second on/off ${median(rounds.map((r) => r.cpuRatio)).toFixed(2)}x)`,
    );
}
console.log(`\n${summary.join('\n')}`);
rmSync(dir, { recursive: true, force: true });
