/**
 * The deployment's balancer as the suites run it: Debian's `haproxy` with the repository's own
 * configuration file (deploy/haproxy.cfg), unchanged; only the addresses differ, given as the
 * environment variables the file reads. `HAPROXY_PATH` names the program, else it is looked for on
 * PATH and in /usr/sbin (where Debian installs it). Without one the suites are skipped, saying
 * why, except in CI (`CI=true`), where skipping would let them pass without running: there they
 * fail (.ci/run installs the package).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './free-port.js';

const CONFIG = fileURLToPath(new URL('../../../deploy/haproxy.cfg', import.meta.url));
/** The server lines of deploy/haproxy.cfg, in order: one instance each. */
export const SERVER_SLOTS = ['server-1', 'server-2'] as const;

function executable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function findHaproxy(): { path: string } | { missing: string } {
  const named = process.env.HAPROXY_PATH;
  if (named)
    return executable(named) ? { path: named } : { missing: `HAPROXY_PATH=${named} is not executable` };
  const dirs = [...(process.env.PATH ?? '').split(delimiter), '/usr/sbin', '/usr/local/sbin'];
  for (const dir of dirs) if (dir && executable(join(dir, 'haproxy'))) return { path: join(dir, 'haproxy') };
  return { missing: 'no haproxy on PATH or in /usr/sbin (apt-get install haproxy); set HAPROXY_PATH' };
}

/** The haproxy to run for `suite`; undefined (with the reason printed) to skip it; throws in CI. */
export function haproxyForSuite(suite: string): string | undefined {
  const found = findHaproxy();
  if ('path' in found) return found.path;
  if (process.env.CI === 'true' || process.env.CI === '1')
    throw new Error(`${suite}: CI needs haproxy for the balancer tests, but ${found.missing}`);
  console.warn(`${suite} skipped: ${found.missing}`);
  return undefined;
}

/** One line of the balancer's statistics about an instance (`/stats;csv`). */
export interface ServerStats {
  /** `UP`, `DOWN`, `UP 1/2` (going down), `DOWN 1/2` (coming back), `MAINT`… */
  status: string;
  /** Requests the balancer sent it (retries included). */
  sessions: number;
}

export interface RunningBalancer {
  /** `http://127.0.0.1:port` */
  origin: string;
  /** Per server line (`server-1`, …), as the balancer sees it now. */
  servers(): Promise<Record<string, ServerStats>>;
  /** Everything haproxy printed so far (its log: failed and retried requests, state changes). */
  output(): string;
  close(): Promise<void>;
}

/** Starts haproxy on deploy/haproxy.cfg in front of `origins` (`http://host:port`, one per slot). */
export async function startBalancer(haproxy: string, origins: readonly string[]): Promise<RunningBalancer> {
  const [port, statsPort] = [await freePort(), await freePort()];
  const env: Record<string, string> = {
    BALANCER_ADDRESS: `127.0.0.1:${port}`,
    BALANCER_STATS_ADDRESS: `127.0.0.1:${statsPort}`,
  };
  // A slot without an instance points at a port nobody listens on: that server stays down.
  for (const [index, slot] of SERVER_SLOTS.entries())
    env[`SERVER_${index + 1}`] = origins[index]?.replace(/^http:\/\//, '') ?? `127.0.0.1:${await freePort()}`;
  if (origins.length > SERVER_SLOTS.length)
    throw new Error(`deploy/haproxy.cfg has ${SERVER_SLOTS.length} server lines`);
  const child: ChildProcess = spawn(haproxy, ['-f', CONFIG, '-db'], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (data: Buffer) => (output += data.toString()));
  child.stderr?.on('data', (data: Buffer) => (output += data.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const statsUrl = `http://127.0.0.1:${statsPort}/stats;csv`;
  const servers = async () => {
    const csv = await (await fetch(statsUrl)).text();
    const [header, ...rows] = csv.split('\n').filter((line) => line.length > 0);
    const columns = (header ?? '').replace(/^# /, '').split(',');
    const at = (name: string) => columns.indexOf(name);
    const result: Record<string, ServerStats> = {};
    for (const row of rows) {
      const cells = row.split(',');
      if (cells[at('pxname')] !== 'instances' || cells[at('svname')] === 'BACKEND') continue;
      result[cells[at('svname')] as string] = {
        status: cells[at('status')] as string,
        sessions: Number(cells[at('stot')]),
      };
    }
    return result;
  };
  // Ready once its statistics answer.
  for (let tries = 0; ; tries++) {
    if (child.exitCode !== null) throw new Error(`haproxy exited with ${child.exitCode}: ${output}`);
    try {
      await servers();
      break;
    } catch {
      if (tries > 200) throw new Error(`haproxy did not start: ${output}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  return {
    origin: `http://127.0.0.1:${port}`,
    servers,
    output: () => output,
    async close() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}
