// Shared by the benchmarks that run a server in its own process.
import { fork, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const CLI = fileURLToPath(new URL('../apps/server/dist/cli.js', import.meta.url));
/** The built server's library entry (startReferenceServer, build, loadConfig). */
export const SERVER_ENTRY = new URL('../apps/server/dist/index.js', import.meta.url).href;
/** The dev seed every benchmark's server starts with: the one `pnpm start` uses. */
export const DEV_SEED = fileURLToPath(new URL('../seed/dev.json', import.meta.url));

/** The Node options the server ships with (apps/server/node-options.json; its README says why). */
const SHIPPED_NODE_ARGS = JSON.parse(
  readFileSync(new URL('../apps/server/node-options.json', import.meta.url), 'utf8'),
).options;
/**
 * Node options of the server process: those it ships with, or BENCH_SERVER_NODE_ARGS in their place
 * (`--cpu-prof`, `--trace-gc` to see where a tail comes from; empty for none).
 */
export const SERVER_NODE_ARGS =
  process.env.BENCH_SERVER_NODE_ARGS === undefined
    ? SHIPPED_NODE_ARGS
    : process.env.BENCH_SERVER_NODE_ARGS.split(' ').filter(Boolean);

/** The arguments of `node` running the built server's `serve` (of `cli`) with `args`, as it ships. */
export const serveArgs = (args, cli = CLI, nodeArgs = SERVER_NODE_ARGS) => [
  ...nodeArgs,
  cli,
  'serve',
  ...args,
];
/**
 * The nice value of an attacking account's load generator: on a real server the attacker's CPU is
 * elsewhere, so here it must not take the cores the server needs.
 */
export const ATTACKER_NICE = Number(process.env.BENCH_ATTACKER_NICE ?? 19);

/**
 * Forks `file` with `args` and `env`, run behind `prefix` (a command and its arguments, e.g.
 * `['nice', '-n', '19']`) when one is given.
 */
export function forkBehind(file, args, env, prefix = []) {
  return fork(file, args, {
    env: { ...process.env, ...env },
    ...(prefix.length ? { execPath: prefix[0], execArgv: [...prefix.slice(1), process.execPath] } : {}),
  });
}

/** Stops a child as an operator would (so a `--cpu-prof` is written), killing it if it hangs. */
export async function stop(child) {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

/** The token of ONE_AGENT_SEED: every scope of its one account. */
export const BENCH_TOKEN = 'bench-token-0123456789';
/** One account, its token and one agent (id 1): what the call-by-call benchmarks ask for. */
export const ONE_AGENT_SEED = {
  accounts: [{ id: 1, name: 'Bench' }],
  tokens: [{ token: BENCH_TOKEN, accountId: 1, scopes: ['*'] }],
  agents: [{ id: 1, accountId: 1, name: 'Bench', instruction: 'Answer.' }],
};

/**
 * Spawns `node ...args` and resolves once a whole line of its output matches `pattern`, with the
 * child, the match, its capture 1 as a number (`port`, for patterns that capture one) and the
 * milliseconds it took. Only whole lines are matched, so a capture is never cut at a chunk's end.
 */
export function spawnUntil(args, env, pattern) {
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (data) => {
      const lineStart = out.lastIndexOf('\n') + 1;
      out += data;
      for (const line of out.slice(lineStart).split('\n').slice(0, -1)) {
        const match = pattern.exec(line);
        if (match)
          return resolve({ child, match, port: Number(match[1]), readyMs: performance.now() - started });
      }
    });
    child.once('exit', (code) => reject(new Error(`process exited with ${code}: ${out}`)));
  });
}

/** A port that is free right now (a server must listen on a known port to be polled from spawn). */
export function freePort() {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/**
 * The built reference server on a new SQLite file and a free port, with the limits of the seed's
 * `dev-token` out of the way (a throughput benchmark drives every connection with that one token:
 * its rate limit, its in-flight limit and its account's admission would answer most requests 429),
 * plus `env`; `cli` runs another build's. Resolves with the child, its port and its origin.
 */
export async function spawnThroughputServer(env = {}, cli = CLI) {
  const port = await freePort();
  const { child } = await spawnUntil(
    serveArgs(['--port', String(port), '--seed', DEV_SEED], cli),
    {
      DATABASE_URL: join(mkdtempSync(join(tmpdir(), 'bench-')), 'bench.sqlite'),
      RATE_LIMIT_MAX: '1000000000',
      MAX_HEAVY_REQUESTS_PER_TOKEN: '1000000',
      ACCOUNT_MAX_REQUESTS_IN_FLIGHT: '1000000',
      LOG_LEVEL: 'warn',
      ...env,
    },
    /listening on http:\/\/[^:]+:(\d+)/,
  );
  return { child, port, origin: `http://127.0.0.1:${port}` };
}

/**
 * Milliseconds from spawning `node ...args` (with PORT set to a free port) until GET `path` answers
 * 200, polled every 2 ms (`ms`); then, for AFTER_READY_MS, GET `then.path` one request after the
 * other, as a client that waited for readiness goes on, and the longest of those waits
 * (`longestWaitMs`): a process that says it is ready while its event loop is still busy loading
 * shows there. The child is then killed, and gone when this resolves.
 */
export async function readyAfterSpawn(args, env, path, then = { path, headers: {} }) {
  const port = await freePort();
  const spawnedAt = performance.now();
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: 'ignore',
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  let ms;
  while (ms === undefined) {
    if (child.exitCode !== null) throw new Error(`node ${args.join(' ')} exited with ${child.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}${path}`)).status === 200) ms = performance.now() - spawnedAt;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
  }
  let longestWaitMs = 0;
  const until = performance.now() + AFTER_READY_MS;
  while (performance.now() < until) {
    const sentAt = performance.now();
    const response = await fetch(`http://127.0.0.1:${port}${then.path}`, { headers: then.headers });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`GET ${then.path} answered ${response.status} after ready`);
    longestWaitMs = Math.max(longestWaitMs, performance.now() - sentAt);
  }
  child.kill('SIGKILL');
  await exited;
  return { ms, longestWaitMs };
}

/** How long `readyAfterSpawn` goes on sending requests once the process answered. */
export const AFTER_READY_MS = 1500;

/**
 * Milliseconds until `serve` of `cli`, on a new SQLite file with the dev seed, answers /healthz,
 * and the longest wait of the dev token's GET agent in the time after (see `readyAfterSpawn`).
 */
export function serverReadyAfterSpawn(cli = CLI, env = {}, nodeArgs = SERVER_NODE_ARGS) {
  return readyAfterSpawn(
    serveArgs(['--seed', DEV_SEED], cli, nodeArgs),
    {
      DATABASE_URL: join(mkdtempSync(join(tmpdir(), 'bench-start-')), 'bench.sqlite'),
      LOG_LEVEL: 'warn',
      // The GETs after readiness go one after the other, faster than the token's default rate.
      RATE_LIMIT_MAX: '1000000000',
      ...env,
    },
    '/healthz',
    { path: '/v1/agents/view/1', headers: { authorization: 'Bearer dev-token' } },
  );
}

/**
 * The built server on ONE_AGENT_SEED with its rate limit out of the way, started with the
 * library's `startReferenceServer()` in a process of its own, as a hosted service a proxy or a
 * gateway calls: resolves with the child and its API root (…/v1).
 */
export async function spawnSeededServer() {
  const script = `
    import { startReferenceServer } from ${JSON.stringify(SERVER_ENTRY)};
    const server = await startReferenceServer({
      env: { RATE_LIMIT_MAX: '1000000000', LOG_LEVEL: 'warn' },
      seed: ${JSON.stringify(ONE_AGENT_SEED)},
    });
    console.log('SERVER ' + server.baseUrl);
  `;
  const { child, match } = await spawnUntil(['--input-type=module', '-e', script], {}, /^SERVER (\S+)/);
  return { child, url: match[1] };
}

/** `assistant-server proxy --target <target>` on a free port, in its own process: child and API root. */
export async function spawnProxy(target) {
  const { child, match } = await spawnUntil(
    [CLI, 'proxy', '--target', target, '--port', '0'],
    { DATABASE_URL: ':memory:', LOG_LEVEL: 'warn', LOG_FORMAT: 'json' },
    /listening on (\S+)\/v1/,
  );
  return { child, url: `${match[1]}/v1` };
}
