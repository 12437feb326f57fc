/**
 * The deployment's balancer as a process: haproxy on the repository's own configuration file
 * (deploy/haproxy.cfg), unchanged, in front of instances given by address. The addresses are the
 * environment variables the file reads (SERVER_1, SERVER_2, BALANCER_ADDRESS,
 * BALANCER_STATS_ADDRESS); nothing else differs from compose.yaml's balancer. The instances suite
 * (tests/integration/instances) and bench/two-instances.mjs run their topology behind it.
 *
 *   node scripts/haproxy-balancer.mjs 4010 http://127.0.0.1:4011 http://127.0.0.1:4012
 */
import { spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { createServer } from 'node:net';
import { delimiter, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const CONFIG = fileURLToPath(new URL('../deploy/haproxy.cfg', import.meta.url));
/** The server lines of deploy/haproxy.cfg, in order: one instance each. */
export const SERVER_SLOTS = ['server-1', 'server-2'];

/** A port of 127.0.0.1 free right now (an instance that restarts comes back on the port it had). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
}

const executable = (path) => {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

/** `{ path }` of the haproxy to run (HAPROXY_PATH, else PATH, /usr/sbin), or `{ missing: why }`. */
export function findHaproxy(env = process.env) {
  const named = env.HAPROXY_PATH;
  if (named)
    return executable(named) ? { path: named } : { missing: `HAPROXY_PATH=${named} is not executable` };
  for (const dir of [...(env.PATH ?? '').split(delimiter), '/usr/sbin', '/usr/local/sbin'])
    if (dir && executable(join(dir, 'haproxy'))) return { path: join(dir, 'haproxy') };
  return { missing: 'no haproxy on PATH or in /usr/sbin (apt-get install haproxy); set HAPROXY_PATH' };
}

/** The balancer's statistics per server line: `{ status, sessions, current, connects, reuses }`. */
async function serverStats(statsUrl) {
  const [header = '', ...rows] = (await (await fetch(statsUrl)).text()).split('\n').filter(Boolean);
  const columns = header.replace(/^# /, '').split(',');
  const result = {};
  for (const cells of rows.map((row) => row.split(','))) {
    const cell = (name) => cells[columns.indexOf(name)];
    if (cell('pxname') !== 'instances' || cell('svname') === 'BACKEND') continue;
    result[cell('svname')] = {
      status: cell('status'),
      sessions: Number(cell('stot')),
      current: Number(cell('scur')),
      connects: Number(cell('connect')),
      reuses: Number(cell('reuse')),
    };
  }
  return result;
}

/** Starts haproxy (`path`) in front of `origins` (`http://host:port`, one per server line). */
export async function startHaproxy(path, origins, { port } = {}) {
  if (origins.length > SERVER_SLOTS.length)
    throw new Error(`deploy/haproxy.cfg has ${SERVER_SLOTS.length} server lines`);
  const statsPort = await freePort();
  const env = {
    BALANCER_ADDRESS: `127.0.0.1:${port ?? (await freePort())}`,
    BALANCER_STATS_ADDRESS: `127.0.0.1:${statsPort}`,
  };
  // A line without an instance points at a port nobody listens on: that server stays down.
  for (const index of SERVER_SLOTS.keys())
    env[`SERVER_${index + 1}`] = origins[index]?.replace(/^http:\/\//, '') ?? `127.0.0.1:${await freePort()}`;
  const child = spawn(path, ['-f', CONFIG, '-db'], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  for (const stream of [child.stdout, child.stderr]) stream.on('data', (data) => (output += data));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const statsUrl = `http://127.0.0.1:${statsPort}/stats;csv`;
  for (let tries = 0; ; tries++) {
    if (child.exitCode !== null) throw new Error(`haproxy exited with ${child.exitCode}: ${output}`);
    try {
      await serverStats(statsUrl);
      break;
    } catch {
      if (tries > 200) throw new Error(`haproxy did not start: ${output}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  return {
    origin: `http://${env.BALANCER_ADDRESS}`,
    servers: () => serverStats(statsUrl),
    output: () => output,
    async close() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [port, ...origins] = process.argv.slice(2);
  const found = findHaproxy();
  if (!port || origins.length === 0 || !found.path) {
    console.error(found.missing ?? 'usage: node scripts/haproxy-balancer.mjs PORT ORIGIN [ORIGIN]');
    process.exit(2);
  }
  const balancer = await startHaproxy(found.path, origins, { port: Number(port) });
  console.log(`haproxy on ${balancer.origin} across ${origins.join(', ')}`);
}
