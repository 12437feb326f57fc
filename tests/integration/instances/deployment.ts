/**
 * The topology of compose.yaml with processes: reference server instances (the built CLI, each its
 * own process) on one PostgreSQL database and one Redis, behind the deployment's own balancer
 * (haproxy on deploy/haproxy.cfg, scripts/haproxy-balancer.mjs), so the suites drive what a team deploys. The
 * database is a new one of the run's PostgreSQL, the Redis the run's under a key prefix of its own
 * (@assistant-platform/test-postgres, test-redis). Each instance reaches both through relays of its
 * own (scripts/tcp-relay.mjs), so a suite can cut one instance off from them.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { testSeed } from '@assistant-platform/server/testing';
import { newTestDatabase } from '@assistant-platform/test-postgres/test-database';
import { testRedis } from '@assistant-platform/test-redis/test-redis';
import { afterEach } from 'vitest';
import { freePort } from '../../../scripts/haproxy-balancer.mjs';
import { startRelay, type TcpRelay, throughRelay } from '../../../scripts/tcp-relay.mjs';
import { type RunningBalancer, SERVER_SLOTS, startHaproxy } from './haproxy.js';

const CLI = fileURLToPath(new URL('../../../apps/server/dist/cli.js', import.meta.url));

/** What compose.yaml sets beside the addresses (see its x-server service). */
const AS_COMPOSE = { TRUST_PROXY: '1', KEEP_ALIVE_TIMEOUT_MS: '65000' };

export interface Instance {
  origin: string;
  child: ChildProcess;
  /** Everything it printed so far. */
  output(): string;
  /** Its own ways to Redis and PostgreSQL. */
  redis: TcpRelay;
  postgres: TcpRelay;
}

export interface Deployment {
  instances: Instance[];
  balancer: RunningBalancer;
  /** The deployment's database, to check what was written. */
  databaseUrl: string;
  /** Requests the balancer sent each of `instances` (in their order; retries included). */
  sent(): Promise<number[]>;
  /** Starts one more instance of the deployment (`env` beside its own), not behind the balancer. */
  start(env?: Record<string, string>): Promise<Instance>;
  /**
   * Stops `instance` with `signal` and starts it again on its port, as an orchestrator restarts a
   * container; resolves with the new one (also put in its place in `instances`).
   */
  restart(instance: Instance, signal?: NodeJS.Signals): Promise<Instance>;
}

const running = new Set<ChildProcess>();
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  const children = [...running];
  running.clear();
  for (const child of children)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await Promise.all(children.map((child) => exited(child)));
  for (const close of closers.splice(0)) await close();
});

export function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

let seedFile: string | undefined;
function testSeedFile(): string {
  if (seedFile === undefined) {
    seedFile = join(mkdtempSync(join(tmpdir(), 'assistant-instances-')), 'seed.json');
    writeFileSync(seedFile, JSON.stringify(testSeed));
  }
  return seedFile;
}

async function relayTo(url: string): Promise<TcpRelay> {
  const { hostname, port } = new URL(url);
  const relay = await startRelay({ host: hostname, port: Number(port) });
  closers.push(() => relay.close());
  return relay;
}

/** `assistant-server serve` on `port`; resolves once it prints where it listens. */
function spawnInstance(
  port: number,
  env: Record<string, string>,
  relays: Pick<Instance, 'redis' | 'postgres'>,
) {
  const child = spawn(process.execPath, [CLI, 'serve', '--port', String(port), '--seed', testSeedFile()], {
    env: { ...process.env, LOG_LEVEL: 'warn', LOG_FORMAT: 'json', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let output = '';
  return new Promise<Instance>((resolve, reject) => {
    const onData = (data: Buffer) => {
      output += data.toString();
      const origin = /listening on (http:\/\/[^\s/]+)\/v1/.exec(output)?.[1];
      if (origin) resolve({ origin, child, output: () => output, ...relays });
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`the server exited with ${code}: ${output}`)));
  });
}

/** `count` instances of a new deployment (PostgreSQL database, Redis prefix) behind the balancer. */
export async function deploy(
  haproxy: string,
  count: number,
  env: Record<string, string> = {},
): Promise<Deployment> {
  const redis = testRedis();
  const databaseUrl = await newTestDatabase();
  const shared = { ...AS_COMPOSE, REDIS_PREFIX: redis.prefix, ...env };
  const ports = new Map<Instance, number>();
  const envs = new Map<Instance, Record<string, string>>();
  const launch = async (more: Record<string, string> = {}, port?: number) => {
    const relays = { redis: await relayTo(redis.url), postgres: await relayTo(databaseUrl) };
    const own = {
      ...shared,
      REDIS_URL: throughRelay(redis.url, relays.redis),
      DATABASE_URL: throughRelay(databaseUrl, relays.postgres),
      ...more,
    };
    const chosen = port ?? (await freePort());
    const instance = await spawnInstance(chosen, own, relays);
    ports.set(instance, chosen);
    envs.set(instance, more);
    return instance;
  };
  if (count > SERVER_SLOTS.length) throw new Error(`deploy/haproxy.cfg has ${SERVER_SLOTS.length} servers`);
  // Together, as a deployment starts: the first start migrates, the others wait for its lock.
  const instances = await Promise.all(Array.from({ length: count }, () => launch()));
  const balancer = await startHaproxy(
    haproxy,
    instances.map((instance) => instance.origin),
  );
  closers.push(() => balancer.close());
  return {
    instances,
    balancer,
    databaseUrl,
    async sent() {
      const servers = await balancer.servers();
      return instances.map((_, index) => servers[SERVER_SLOTS[index] as string]?.sessions ?? 0);
    },
    start: (more = {}) => launch(more),
    async restart(instance, signal = 'SIGTERM') {
      instance.child.kill(signal);
      await exited(instance.child);
      const again = await launch(envs.get(instance), ports.get(instance));
      instances[instances.indexOf(instance)] = again;
      return again;
    },
  };
}
