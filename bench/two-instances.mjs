#!/usr/bin/env node
/**
 * The deployment of compose.yaml as processes: reference server instances (the built CLI) on one
 * PostgreSQL database and one Redis, behind scripts/round-robin-balancer.mjs in a process of its own.
 * Aggregate throughput and latency of GET agent (answered from the caches after the first request,
 * plus the shared rate limit's round trip to Redis) and create agent (a PostgreSQL write), for:
 *   one instance, called directly; one instance behind the balancer (what the balancer's hop
 *   costs); two instances behind the balancer (the topology).
 * Then how soon a token revoked through one instance is refused by the other (issue: within a
 * second): the revocation's answer is timed until the other instance first answers 401, polled
 * every 2 ms.
 * Every process shares this machine's CPUs with the load generator, PostgreSQL and Redis, so two
 * instances gain only what idle cores allow: the figures show the topology's cost and its scaling
 * where cores are free, not a production deployment's capacity.
 * Usage: pnpm build && node bench/two-instances.mjs
 * Env: BENCH_DURATION (seconds per run, default 5), BENCH_ROUNDS (default 3), BENCH_CONNECTIONS
 * (default 50), BENCH_REVOCATIONS (default 20), BENCH_POSTGRES_URL (a PostgreSQL server's admin URL,
 * else a throwaway cluster with its durable defaults), BENCH_REDIS_URL (else a throwaway redis-server).
 */
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import {
  createDatabase,
  databaseName,
  dropDatabases,
  startThrowawayPostgres,
} from '@assistant-platform/test-postgres';
import { startThrowawayRedis } from '@assistant-platform/test-redis';
import autocannon from 'autocannon';
import { freePort, spawnUntil } from './spawn-until.mjs';

const DURATION = Number(process.env.BENCH_DURATION ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const REVOCATIONS = Number(process.env.BENCH_REVOCATIONS ?? 20);
const GOAL_REVOCATION_MS = 1000;
const CLI = fileURLToPath(new URL('../apps/server/dist/cli.js', import.meta.url));
const BALANCER = fileURLToPath(new URL('../scripts/round-robin-balancer.mjs', import.meta.url));
const SEED = fileURLToPath(new URL('../seed/dev.json', import.meta.url));
const TOKEN = 'dev-token';
const headers = { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' };
const createPayload = JSON.stringify({ name: 'Bench agent', instruction: 'Answer quickly.' });

const givenPostgres = process.env.BENCH_POSTGRES_URL;
const cluster = givenPostgres === undefined ? await startThrowawayPostgres() : undefined;
const postgresAdmin = givenPostgres ?? cluster.url;
const database = databaseName('assistant_bench');
const redis = process.env.BENCH_REDIS_URL === undefined ? await startThrowawayRedis() : undefined;
const serverEnv = {
  DATABASE_URL: await createDatabase(postgresAdmin, database),
  REDIS_URL: process.env.BENCH_REDIS_URL ?? redis.url,
  REDIS_PREFIX: `bench:${process.pid}:`,
  RATE_LIMIT_MAX: '1000000000',
  LOG_LEVEL: 'warn',
};
console.log(
  `PostgreSQL: ${givenPostgres === undefined ? 'a throwaway local cluster (durable defaults)' : 'BENCH_POSTGRES_URL'}; ` +
    `Redis: ${redis === undefined ? 'BENCH_REDIS_URL' : 'a throwaway redis-server'}; over TCP`,
);

const children = [];
async function startInstance() {
  const port = await freePort();
  const started = await spawnUntil(
    [CLI, 'serve', '--port', String(port), '--seed', SEED, '--dev-token', TOKEN],
    serverEnv,
    /listening on http:\/\/[^:]+:(\d+)/,
  );
  children.push(started.child);
  return `http://127.0.0.1:${started.port}`;
}
async function startBalancer(origins) {
  const port = await freePort();
  const started = await spawnUntil(
    [BALANCER, String(port), ...origins],
    {},
    /round robin on http:\/\/[^:]+:(\d+)/,
  );
  children.push(started.child);
  return `http://127.0.0.1:${started.port}`;
}

/** One autocannon run: average req/s and p99 ms; answers other than `status` are reported. */
async function run(label, options, status) {
  const result = await autocannon({ connections: CONNECTIONS, duration: DURATION, ...options });
  const wrong = result.requests.total - (result.statusCodeStats[status]?.count ?? 0) + result.errors;
  console.log(
    `  ${label.padEnd(34)} ${String(Math.round(result.requests.average)).padStart(6)} req/s  p50 ${result.latency.p50} ms  p99 ${result.latency.p99} ms${wrong > 0 ? `  (${wrong} not ${status}!)` : ''}`,
  );
  return { rps: result.requests.average, p99: result.latency.p99 };
}

const median = (values) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)];

try {
  const one = await startInstance();
  const two = await startInstance();
  const topologies = [
    { label: 'one instance, direct', origin: one },
    { label: 'one instance, balancer', origin: await startBalancer([one]) },
    { label: 'two instances, balancer', origin: await startBalancer([one, two]) },
  ];

  console.log(`\n${CONNECTIONS} connections, ${ROUNDS} rounds of ${DURATION} s per run`);
  const results = new Map(topologies.map(({ label }) => [label, { get: [], create: [] }]));
  for (let round = 1; round <= ROUNDS; round++) {
    console.log(`round ${round}`);
    // Each round runs every topology back to back, so a change in the machine's load hits them alike.
    for (const { label, origin } of topologies) {
      const figures = results.get(label);
      figures.get.push(await run(`${label}: GET agent`, { url: `${origin}/v1/agents/view/1`, headers }, 200));
      figures.create.push(
        await run(
          `${label}: create agent`,
          { url: `${origin}/v1/agents/create`, method: 'POST', headers, body: createPayload },
          201,
        ),
      );
    }
  }

  console.log('\nmedian of rounds');
  const single = results.get('one instance, direct');
  for (const [label, figures] of results)
    for (const kind of ['get', 'create']) {
      const rps = median(figures[kind].map((r) => r.rps));
      const p99 = median(figures[kind].map((r) => r.p99));
      const ratio = rps / median(single[kind].map((r) => r.rps));
      console.log(
        `${`${label}, ${kind === 'get' ? 'GET agent' : 'create agent'}`.padEnd(42)} ${String(Math.round(rps)).padStart(6)} req/s  p99 ${p99} ms  (${ratio.toFixed(2)}x one instance direct)`,
      );
    }

  // Revocation: a token used on `two` (so its cache holds it), revoked through `one`.
  const delays = [];
  for (let i = 0; i < REVOCATIONS; i++) {
    const created = await fetch(`${one}/_admin/tokens`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ accountId: 1, name: `revoked ${i}`, scopes: ['agents:read'] }),
    });
    const { token, record } = (await created.json()).data;
    const use = () =>
      fetch(`${two}/v1/agents/view/1`, { headers: { authorization: `Bearer ${token}` } }).then((answer) =>
        answer.arrayBuffer().then(() => answer.status),
      );
    if ((await use()) !== 200) throw new Error('a new token was refused');
    const revoked = await fetch(`${one}/_admin/tokens/${record.id}`, {
      method: 'DELETE',
      headers: { authorization: headers.authorization },
    });
    await revoked.arrayBuffer();
    if (revoked.status !== 200) throw new Error(`the revocation answered ${revoked.status}`);
    const since = performance.now();
    while ((await use()) !== 401) await new Promise((resolve) => setTimeout(resolve, 2));
    delays.push(performance.now() - since);
  }
  delays.sort((x, y) => x - y);
  const worst = delays.at(-1);
  console.log(
    `\ntoken revoked through one, refused by the other after: p50 ${delays[Math.floor(delays.length / 2)].toFixed(1)} ms, ` +
      `max ${worst.toFixed(1)} ms over ${REVOCATIONS} (goal ≤ ${GOAL_REVOCATION_MS} ms: ${worst <= GOAL_REVOCATION_MS ? 'met' : 'MISSED'})`,
  );
  console.log(
    `load average during the run: ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} on ${cpus().length} CPUs`,
  );
} finally {
  for (const child of children) child.kill('SIGTERM');
  await Promise.all(
    children.map((child) =>
      child.exitCode === null ? new Promise((resolve) => child.once('exit', resolve)) : undefined,
    ),
  );
  await dropDatabases(postgresAdmin, [database]);
  await cluster?.stop();
  await redis?.stop();
}
