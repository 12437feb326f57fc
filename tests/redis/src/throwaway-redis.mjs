/**
 * A throwaway Redis: redis-server started in a temporary folder on a free port of 127.0.0.1 with a
 * random password, nothing persisted (no RDB snapshot, no append-only file), daemonized so that a
 * shell (CI) can start it and go on; stop() ends it by the pid it wrote and deletes the folder.
 * `restart()` starts it again on the same port and password: what a test of an outage needs.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';

/** redis-server's path, or undefined. */
export function findRedisServer() {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    const path = dir && join(dir, 'redis-server');
    if (path && existsSync(path)) return path;
  }
  return undefined;
}

/** Why no throwaway Redis can be started here, or undefined when one can. */
export function whyNoThrowawayRedis() {
  return findRedisServer() === undefined
    ? 'no redis-server on the PATH: install Redis (Debian: apt-get install redis-server), or set TEST_REDIS_URL'
    : undefined;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
}

/** Resolves once the server at `port` answers PING (after AUTH), within `timeoutMs`. */
async function answers(port, password, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const ok = await new Promise((resolve) => {
      const socket = connect(port, '127.0.0.1');
      let reply = '';
      socket.setTimeout(500, () => socket.destroy());
      socket.on('connect', () => socket.write(`AUTH ${password}\r\nPING\r\n`));
      socket.on('data', (data) => {
        reply += data;
        if (reply.includes('+PONG')) socket.end();
      });
      socket.on('error', () => undefined);
      socket.on('close', () => resolve(reply.includes('+PONG')));
    });
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`redis-server on port ${port} did not answer within ${timeoutMs} ms`);
}

function launch(server, dir, port, password) {
  const settings = {
    port: String(port),
    bind: '127.0.0.1',
    requirepass: password,
    // Nothing persisted: no snapshot, no append-only file.
    save: '',
    appendonly: 'no',
    dir,
    daemonize: 'yes',
    pidfile: join(dir, 'redis.pid'),
    logfile: join(dir, 'redis.log'),
  };
  const args = Object.entries(settings).flatMap(([name, value]) => [`--${name}`, value]);
  const result = spawnSync(server, args, { encoding: 'utf8' });
  if (result.status !== 0)
    throw new Error(`redis-server failed (${result.status}): ${result.stderr || result.stdout}`.trim());
}

/** Starts a server; returns `{ url, dir, port, stop(), restart() }`. */
export async function startThrowawayRedis() {
  const why = whyNoThrowawayRedis();
  if (why) throw new Error(`cannot start a throwaway Redis: ${why}`);
  const server = findRedisServer();
  const dir = mkdtempSync(join(tmpdir(), 'assistant-redis-'));
  const password = randomBytes(18).toString('base64url');
  const port = await freePort();
  try {
    launch(server, dir, port, password);
    await answers(port, password, 10_000);
  } catch (error) {
    stopThrowawayRedis(dir);
    throw error;
  }
  return {
    url: `redis://:${password}@127.0.0.1:${port}`,
    dir,
    port,
    /** Ends the server (SIGKILL: like a crash, at once) and keeps its folder, for `restart()`. */
    async kill() {
      await killServer(dir);
    },
    /** Starts the server again on the same port and password (after kill()). */
    async restart() {
      launch(server, dir, port, password);
      await answers(port, password, 10_000);
    },
    async stop() {
      stopThrowawayRedis(dir);
    },
  };
}

function pidOf(dir) {
  const file = join(dir, 'redis.pid');
  return existsSync(file) ? Number(readFileSync(file, 'utf8').trim()) : undefined;
}

function isRunning(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function killServer(dir) {
  const pid = pidOf(dir);
  if (pid === undefined || !isRunning(pid)) return;
  process.kill(pid, 'SIGKILL');
  while (isRunning(pid)) await new Promise((resolve) => setTimeout(resolve, 10));
  rmSync(join(dir, 'redis.pid'), { force: true });
}

/** Stops the server in `dir` (started by startThrowawayRedis) at once and deletes its folder. */
export function stopThrowawayRedis(dir) {
  const pid = pidOf(dir);
  if (pid !== undefined && isRunning(pid)) process.kill(pid, 'SIGKILL');
  rmSync(dir, { recursive: true, force: true });
}
