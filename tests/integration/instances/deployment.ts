/**
 * The topology of compose.yaml with processes: reference server instances (the built CLI, each its
 * own process) on one PostgreSQL database and one Redis, behind a round-robin balancer, so the
 * suites drive what a team deploys. The database is a new one of the run's PostgreSQL, the Redis
 * the run's under a key prefix of its own (@assistant-platform/test-postgres, test-redis).
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
import { type Balancer, startRoundRobin } from '../../../scripts/round-robin-balancer.mjs';

const CLI = fileURLToPath(new URL('../../../apps/server/dist/cli.js', import.meta.url));

export interface Instance {
  origin: string;
  child: ChildProcess;
  /** Everything it printed so far. */
  output(): string;
}

export interface Deployment {
  instances: Instance[];
  balancer: Balancer;
  /** Starts one more instance of the deployment (`env` beside its own). */
  start(env?: Record<string, string>): Promise<Instance>;
}

const running = new Set<ChildProcess>();
const balancers = new Set<Balancer>();
afterEach(async () => {
  for (const balancer of balancers) await balancer.close();
  balancers.clear();
  const children = [...running];
  running.clear();
  for (const child of children)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await Promise.all(children.map((child) => exited(child)));
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

/** `assistant-server serve` on a free port; resolves once it prints where it listens. */
function startInstance(env: Record<string, string>): Promise<Instance> {
  const child = spawn(process.execPath, [CLI, 'serve', '--port', '0', '--seed', testSeedFile()], {
    env: { ...process.env, LOG_LEVEL: 'warn', LOG_FORMAT: 'json', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let output = '';
  return new Promise((resolve, reject) => {
    const onData = (data: Buffer) => {
      output += data.toString();
      const origin = /listening on (http:\/\/[^\s/]+)\/v1/.exec(output)?.[1];
      if (origin) resolve({ origin, child, output: () => output });
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`the server exited with ${code}: ${output}`)));
  });
}

/** `count` instances of a new deployment (PostgreSQL database, Redis prefix) behind a balancer. */
export async function deploy(count: number, env: Record<string, string> = {}): Promise<Deployment> {
  const redis = testRedis();
  const shared = {
    DATABASE_URL: await newTestDatabase(),
    REDIS_URL: redis.url,
    REDIS_PREFIX: redis.prefix,
    ...env,
  };
  // Together, as a deployment starts: the first start migrates, the others wait for its lock.
  const instances = await Promise.all(Array.from({ length: count }, () => startInstance(shared)));
  const balancer = await startRoundRobin(instances.map((instance) => instance.origin));
  balancers.add(balancer);
  return {
    instances,
    balancer,
    async start(more = {}) {
      const instance = await startInstance({ ...shared, ...more });
      instances.push(instance);
      return instance;
    },
  };
}
