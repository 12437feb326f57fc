#!/usr/bin/env node
/**
 * What clients and a balancer see while the database fails under a running server (issues: a
 * PostgreSQL outage answered 291 of 777 requests 500 without Retry-After in 9 s; /healthz stayed 200
 * for 6 s with the disk full while creates answered 500).
 * - PostgreSQL: one built server on a throwaway cluster; CONNECTIONS callers send, for
 *   BENCH_DURATION seconds, GET agent (cached), GET of an id no agent has (a database read each
 *   time) and create with an Idempotency-Key, in turns; PostgreSQL is stopped at 2 s and started
 *   again 4 s later. Per kind of request: the statuses, the 5xx without Retry-After; and how long
 *   /healthz (polled every 100 ms) took to answer 503 after the stop and 200 after the start.
 * - SQLite on a full disk (root only: a 16 MiB tmpfs): creates until the first refused, then
 *   /healthz at once, and how long it took to answer 200 once space was freed.
 * Usage: pnpm build && node bench/storage-outage.mjs
 * Env: BENCH_DURATION (seconds, default 9), BENCH_CONNECTIONS (default 8).
 */
import { execFileSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, unlinkSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDatabase, databaseName, startThrowawayPostgres } from '@assistant-platform/test-postgres';
import { loadAverage } from './machine-load.mjs';
import { CLI, DEV_SEED, serveArgs, spawnUntil } from './spawn-until.mjs';

const DURATION = Number(process.env.BENCH_DURATION ?? 9);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 8);
const TOKEN = 'dev-token';
const headers = { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' };
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function serve(database) {
  const server = await spawnUntil(
    serveArgs(['--port', '0', '--seed', DEV_SEED, '--dev-token', TOKEN], CLI),
    { DATABASE_URL: database, RATE_LIMIT_MAX: '1000000000', LOG_LEVEL: 'fatal' },
    /listening on http:\/\/[^:]+:(\d+)/,
  );
  return { child: server.child, origin: `http://127.0.0.1:${server.port}` };
}

async function call(origin, kind, n) {
  const request =
    kind === 'create'
      ? {
          method: 'POST',
          path: '/v1/agents/create',
          body: JSON.stringify({ name: `Outage ${n}`, instruction: 'x' }),
          key: `outage-${n}`,
        }
      : { method: 'GET', path: `/v1/agents/view/${kind === 'cached' ? 1 + (n % 3) : 1_000_000 + n}` };
  try {
    const answer = await fetch(`${origin}${request.path}`, {
      method: request.method,
      headers: { ...headers, ...(request.key ? { 'idempotency-key': request.key } : {}) },
      body: request.body,
      signal: AbortSignal.timeout(10_000),
    });
    await answer.arrayBuffer();
    return { status: answer.status, retryAfter: answer.headers.get('retry-after') };
  } catch {
    return { status: 'no answer', retryAfter: null };
  }
}

/** /healthz every 100 ms: when each status was first seen after `since`. */
function watchHealth(origin) {
  const seen = [];
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      const answer = await fetch(`${origin}/healthz`).catch(() => undefined);
      seen.push({ at: performance.now(), status: answer?.status });
      await answer?.arrayBuffer();
      await sleep(100);
    }
  })();
  return {
    firstAfter: (since, status) => seen.find((probe) => probe.at >= since && probe.status === status)?.at,
    stop: async () => {
      stopped = true;
      await loop;
    },
  };
}

async function postgresOutage() {
  const cluster = await startThrowawayPostgres();
  const server = await serve(await createDatabase(cluster.url, databaseName('bench_outage')));
  try {
    const health = watchHealth(server.origin);
    const tally = {};
    const started = performance.now();
    let n = 0;
    const callers = Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() - started < DURATION * 1000) {
        const kind = ['cached', 'uncached', 'create'][n % 3];
        const { status, retryAfter } = await call(server.origin, kind, n++);
        tally[kind] ??= { statuses: {}, without: 0 };
        const row = tally[kind];
        row.statuses[status] = (row.statuses[status] ?? 0) + 1;
        if (typeof status === 'number' && status >= 500 && retryAfter === null) row.without++;
      }
    });
    await sleep(2000);
    // pg_ctl runs synchronously: the times count from when it has returned.
    await cluster.pause();
    const stoppedAt = performance.now();
    await sleep(4000);
    await cluster.resume();
    const resumedAt = performance.now();
    await Promise.all(callers);
    await sleep(1500);
    await health.stop();
    const total = Object.values(tally).reduce(
      (sum, row) => sum + Object.values(row.statuses).reduce((a, b) => a + b, 0),
      0,
    );
    console.log(`PostgreSQL stopped for 4 s of ${DURATION} s, ${CONNECTIONS} callers, ${total} requests:`);
    for (const [kind, row] of Object.entries(tally))
      console.log(
        `  ${kind.padEnd(9)} ${JSON.stringify(row.statuses)}  5xx without Retry-After: ${row.without}`,
      );
    const failed = health.firstAfter(stoppedAt, 503);
    const back = health.firstAfter(resumedAt, 200);
    console.log(
      `  /healthz 503 ${failed === undefined ? 'never' : `${Math.round(failed - stoppedAt)} ms`} after it has stopped, ` +
        `200 ${back === undefined ? 'never' : `${Math.round(back - resumedAt)} ms`} after it has started`,
    );
  } finally {
    server.child.kill('SIGKILL');
    await cluster.stop();
  }
}

async function fullDisk() {
  if (process.getuid?.() !== 0)
    return console.log('SQLite on a full disk: skipped (mounting a tmpfs needs root)');
  const dir = mkdtempSync(join(tmpdir(), 'bench-full-'));
  execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=16m', 'tmpfs', dir]);
  const server = await serve(join(dir, 'assistant.sqlite'));
  try {
    const filler = join(dir, 'filler');
    const fd = openSync(filler, 'a');
    for (let size = 1 << 20; size >= 1; size >>= 1)
      for (;;) {
        try {
          writeSync(fd, Buffer.alloc(size, 1));
        } catch {
          break;
        }
      }
    closeSync(fd);
    let creates = 0;
    let refused;
    while (refused === undefined && creates < 2000) {
      const answer = await call(server.origin, 'create', creates++);
      if (answer.status !== 201) refused = answer;
    }
    const health = await fetch(`${server.origin}/healthz`);
    console.log(
      `SQLite on a full disk: create ${creates} answered ${refused?.status} (Retry-After ${refused?.retryAfter}); ` +
        `/healthz right after: ${health.status} ${await health.text()}`,
    );
    unlinkSync(filler);
    const freed = performance.now();
    for (;;) {
      const again = await fetch(`${server.origin}/healthz`);
      await again.arrayBuffer();
      if (again.status === 200) break;
      await sleep(100);
    }
    console.log(`  /healthz 200 ${Math.round(performance.now() - freed)} ms after space was freed`);
  } finally {
    server.child.kill('SIGKILL');
    execFileSync('umount', ['-l', dir]);
    rmSync(dir, { recursive: true, force: true });
  }
}

console.log(`load average before: ${loadAverage(1)}`);
await postgresOutage();
await fullDisk();
console.log(`load average after: ${loadAverage(1)}`);
