/**
 * The processes of bench/two-instances.mjs: a database of its own on the given PostgreSQL, two
 * instances of the built CLI (each reaching Redis through a relay of its own, so one can be cut
 * off), and haproxy on deploy/haproxy.cfg in front of both. An instance is stopped and started
 * again on the same port, as an orchestrator restarts a container.
 */
import { fileURLToPath } from 'node:url';
import { createDatabase, databaseName, dropDatabases } from '@assistant-platform/test-postgres';
import { freePort, startHaproxy } from '../../scripts/haproxy-balancer.mjs';
import { startRelay, throughRelay } from '../../scripts/tcp-relay.mjs';
import { DEV_SEED, spawnUntil } from '../spawn-until.mjs';

const CLI = fileURLToPath(new URL('../../apps/server/dist/cli.js', import.meta.url));
export const TOKEN = 'dev-token';

const exited = (child) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((resolve) => child.once('exit', resolve));

export async function startDeployment({ haproxy, postgresAdmin, redisUrl }) {
  const database = databaseName('assistant_bench');
  const databaseUrl = await createDatabase(postgresAdmin, database);
  const env = {
    DATABASE_URL: databaseUrl,
    REDIS_PREFIX: `bench:${process.pid}:`,
    REDIS_FAILURE: 'closed',
    RATE_LIMIT_MAX: '1000000000',
    // One account's load is measured here (an account's share of the server: bench/tenants.mjs).
    ACCOUNT_MAX_REQUESTS_IN_FLIGHT: '100000',
    LOG_LEVEL: 'warn',
    // As compose.yaml: the balancer counts clients, and never sends on a connection being closed.
    TRUST_PROXY: '1',
    KEEP_ALIVE_TIMEOUT_MS: '65000',
  };
  const closers = [];
  const launch = async (instance) => {
    const started = await spawnUntil(
      [CLI, 'serve', '--port', String(instance.port), '--seed', DEV_SEED, '--dev-token', TOKEN],
      { ...env, REDIS_URL: throughRelay(redisUrl, instance.redis) },
      /listening on http:\/\/[^:]+:(\d+)/,
    );
    instance.child = started.child;
  };
  const instances = [];
  for (let i = 0; i < 2; i++) {
    const { hostname, port } = new URL(redisUrl);
    const relay = await startRelay({ host: hostname, port: Number(port) });
    closers.push(() => relay.close());
    const instance = { port: await freePort(), redis: relay, child: undefined };
    instance.origin = `http://127.0.0.1:${instance.port}`;
    instances.push(instance);
  }
  // One after the other: the first start migrates the new database.
  for (const instance of instances) await launch(instance);
  const balancer = await startHaproxy(
    haproxy,
    instances.map((instance) => instance.origin),
  );
  closers.push(() => balancer.close());
  const stop = async (instance, signal) => {
    instance.child.kill(signal);
    await exited(instance.child);
  };
  return {
    instances,
    balancer,
    databaseUrl,
    /** Another haproxy on the same file in front of the first instance alone. */
    async balancerOfOne() {
      const one = await startHaproxy(haproxy, [instances[0].origin]);
      closers.push(() => one.close());
      return one;
    },
    stop,
    start: launch,
    async close() {
      await Promise.all(instances.map((instance) => stop(instance, 'SIGKILL')));
      for (const close of closers.reverse()) await close();
      await dropDatabases(postgresAdmin, [database]);
    },
  };
}

/** Resolves once the balancer reports `server` (`server-1`, …) as `status`, polling every 50 ms. */
export async function until(balancer, server, status) {
  while ((await balancer.servers())[server]?.status !== status)
    await new Promise((resolve) => setTimeout(resolve, 50));
}
