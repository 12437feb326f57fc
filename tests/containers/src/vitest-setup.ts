/**
 * The suite's globalSetup: Docker (the running daemon or one started here), Compose v2, the stand-in
 * base images, then `docker compose up --build` of the repository's compose.yaml as a project of its
 * own, healthy before any test runs; torn down (containers, network, volume) and the daemon stopped
 * if started here, at the end. The images stay in Docker's cache, so the next run builds warm. Prints
 * how long the build and `up` took, with the machine's load. Where Docker cannot run, provides no
 * project and says why: the suite is then skipped.
 */
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { composeProject, freePort } from './compose-project.js';
import { dockerSkipReason, ensureComposeV2, startEngine } from './docker-engine.js';
import { mustRun } from './run.js';

const STAND_INS = fileURLToPath(new URL('../scripts/build-stand-ins.sh', import.meta.url));
const NAME = 'assistant-platform-containers-test';

const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
async function timed<T>(what: string, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await work();
  console.log(`${what}: ${((performance.now() - started) / 1000).toFixed(1)} s (load ${load()})`);
  return result;
}

const SERVICES = ['postgres', 'redis', 'server-1', 'server-2', 'balancer', 'gateway'];

export default async function setup(project: TestProject) {
  const reason = dockerSkipReason();
  if (reason !== undefined) {
    console.warn(`containers skipped: ${reason}`);
    project.provide('compose', null);
    return;
  }
  const engine = await timed('Docker engine', startEngine);
  const settings = { name: NAME, apiPort: await freePort(), gatewayPort: await freePort() };
  const deployment = composeProject(settings);
  try {
    // Compose's download and the Debian base (the node stand-in's first step) go side by side.
    const [compose] = await Promise.all([
      timed('Compose v2', ensureComposeV2),
      timed('stand-in node image', () => mustRun('bash', [STAND_INS, 'node'], { timeoutMs: 900_000 })),
    ]);
    console.log(`Compose ${compose}`);
    await deployment.compose(['down', '--volumes', '--remove-orphans']);
    // The project's images need only the node stand-in: they build while the others are made.
    await Promise.all([
      timed('stand-in postgres, redis, haproxy images', () =>
        mustRun('bash', [STAND_INS, 'services'], { timeoutMs: 900_000 }),
      ),
      timed('docker compose build', () => deployment.compose(['build'])),
    ]);
    await timed('docker compose up --build --wait', () =>
      deployment.compose(['up', '--build', '--detach', '--wait', '--wait-timeout', '300']),
    );
  } catch (error) {
    // What a failed `up` leaves to read: each service's state, and its container's last words.
    for (const service of SERVICES) {
      const health = await deployment.healthOf(service).catch(() => 'unknown');
      const logs = await deployment.logsOf(service).catch(() => '');
      console.error(`--- ${service}: ${health}\n${logs.split('\n').slice(-40).join('\n')}`);
    }
    await deployment.compose(['down', '--volumes', '--remove-orphans']).catch(() => {});
    await engine.stop();
    throw error;
  }
  project.provide('compose', settings);
  return async () => {
    await deployment.compose(['down', '--volumes', '--remove-orphans']);
    await engine.stop();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    compose: { name: string; apiPort: number; gatewayPort: number } | null;
  }
}
