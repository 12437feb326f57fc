#!/usr/bin/env node
/**
 * The deployment of compose.yaml as processes: reference server instances (the built CLI) on one
 * PostgreSQL database and one Redis (REDIS_FAILURE=closed), behind the deployment's own balancer:
 * haproxy on deploy/haproxy.cfg (scripts/haproxy-balancer.mjs). Each instance reaches Redis through
 * a relay of its own (scripts/tcp-relay.mjs), so one can be cut off.
 *
 * 1. Throughput (autocannon) of GET agent and create agent: one instance called directly, one
 *    behind the balancer, two behind it; and how many requests the balancer sends per connection
 *    it opens to an instance.
 * 2. What clients see while the deployment is disrupted, against steady state: readers (plain
 *    fetch, no retry; and the SDK, with its retries) and writers (create agent with an
 *    Idempotency-Key, sent again with the same key until acknowledged) run without pause through
 *    the balancer while one instance is killed (SIGKILL) and started again, while both are
 *    restarted in turn 10 times (SIGTERM: they drain), and while one is cut off from Redis for 8 s.
 *    Per phase: GET errors and p99, SDK-visible GET errors, answers that are not the platform's
 *    envelope, and at the end every keyed create's writes in the database (goal: exactly one).
 *    Goals: 0 GET errors, 0 answers that are not envelopes, every keyed create written once.
 * 3. How soon a token revoked through one instance is refused by the other (goal: within a second).
 *
 * The machine's CPUs are shared by the load generator, PostgreSQL, Redis, haproxy and the
 * instances: two instances gain only what idle cores allow (no scaling goal on 2 cores).
 * Usage: pnpm build && node bench/two-instances.mjs (needs haproxy: apt-get install haproxy)
 * Env: BENCH_DURATION (seconds per throughput run, default 5), BENCH_ROUNDS (default 3),
 * BENCH_CONNECTIONS (default 50), BENCH_REVOCATIONS (default 20), BENCH_POSTGRES_URL (else a
 * throwaway cluster with its durable defaults), BENCH_REDIS_URL (else a throwaway redis-server).
 */
import { cpus } from 'node:os';
import { startThrowawayPostgres } from '@assistant-platform/test-postgres';
import { startThrowawayRedis } from '@assistant-platform/test-redis';
import { findHaproxy } from '../scripts/haproxy-balancer.mjs';
import { loadAverage } from './machine-load.mjs';
import { disruptions } from './two-instances/disruptions.mjs';
import { startDeployment } from './two-instances/processes.mjs';
import { revocationDelays } from './two-instances/revocation.mjs';
import { throughput } from './two-instances/throughput.mjs';

const haproxy = findHaproxy();
if (haproxy.path === undefined) {
  console.error(`two-instances needs haproxy: ${haproxy.missing}`);
  process.exit(2);
}
const givenPostgres = process.env.BENCH_POSTGRES_URL;
const cluster = givenPostgres === undefined ? await startThrowawayPostgres() : undefined;
const redis = process.env.BENCH_REDIS_URL === undefined ? await startThrowawayRedis() : undefined;
console.log(
  `PostgreSQL: ${givenPostgres === undefined ? 'a throwaway local cluster (durable defaults)' : 'BENCH_POSTGRES_URL'}; ` +
    `Redis: ${redis === undefined ? 'BENCH_REDIS_URL' : 'a throwaway redis-server'}; balancer: ${haproxy.path} on deploy/haproxy.cfg`,
);
const deployment = await startDeployment({
  haproxy: haproxy.path,
  postgresAdmin: givenPostgres ?? cluster.url,
  redisUrl: process.env.BENCH_REDIS_URL ?? redis.url,
});
const load = () => `${loadAverage(1)} on ${cpus().length} CPUs`;
try {
  await throughput(deployment);
  console.log(`load average: ${load()}`);
  await disruptions(deployment);
  console.log(`load average: ${load()}`);
  await revocationDelays(deployment);
  console.log(`load average during the run: ${load()}`);
} finally {
  await deployment.close();
  await cluster?.stop();
  await redis?.stop();
}
