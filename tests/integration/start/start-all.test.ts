/**
 * `pnpm start`'s process, scripts/start-all.mjs, on free ports: however it ends (killed with SIGKILL,
 * its terminal closed, one of its children failing), no server or gateway is left listening; the
 * server runs under the Node options it ships with; and the root's `pnpm cli` works on the database
 * it serves.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
// Relative, so it is the repository root both scripts resolve it against, wherever they start from.
const DATA_DIR = `.data-start-test-${process.pid}`;
const started: ChildProcess[] = [];

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

interface StartAll {
  child: ChildProcess;
  /** The server's and the gateway's ports. */
  ports: number[];
  output: () => string;
  /** Resolves with the URLs start-all prints once both listen; rejects if it exits first. */
  ready: Promise<{ server: string; gateway: string }>;
}

/**
 * Spawns start-all.mjs on free ports, as the test's own child: from another directory, or `viaPnpm`
 * as `pnpm start` at the root (pnpm → sh → node, as a user runs it).
 */
async function startAll(env: Record<string, string> = {}, { viaPnpm = false } = {}): Promise<StartAll> {
  const ports = [await freePort(), await freePort()];
  const [command, args, cwd] = viaPnpm
    ? ['pnpm', ['start'], ROOT]
    : [process.execPath, [`${ROOT}scripts/start-all.mjs`], fileURLToPath(new URL('.', import.meta.url))];
  const child = spawn(command, args, {
    cwd,
    env: {
      ...process.env,
      // The suite runs on built packages already.
      START_SKIP_BUILD: '1',
      PORT: String(ports[0]),
      GATEWAY_PORT: String(ports[1]),
      DATABASE_URL: `${DATA_DIR}/assistant.sqlite`,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(child);
  let output = '';
  const ready = new Promise<{ server: string; gateway: string }>((resolve, reject) => {
    const onData = (data: Buffer) => {
      output += data.toString();
      const server = /Reference server: (\S+)/.exec(output)?.[1];
      const gateway = /Gateway \(tRPC\): +(\S+)\/trpc/.exec(output)?.[1];
      if (server && gateway) resolve({ server, gateway });
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`start-all exited with ${code}: ${output}`)));
  });
  ready.catch(() => undefined);
  return { child, ports, output: () => output, ready };
}

/** The command lines of `pid`'s children, from Linux's /proc. */
function childCommandLines(pid: number): string[][] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .flatMap((entry) => {
      try {
        // The parent's pid is the 4th field of stat, after the command in parentheses.
        const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
        if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) !== pid) return [];
        return [readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0').filter(Boolean)];
      } catch {
        return []; // gone meanwhile
      }
    });
}

const answers = (url: string) =>
  fetch(url).then(
    () => true,
    () => false,
  );

afterEach(() => {
  for (const child of started.splice(0)) child.kill('SIGKILL');
});
afterAll(() => rmSync(`${ROOT}${DATA_DIR}`, { recursive: true, force: true }));

describe('scripts/start-all.mjs', { timeout: 60_000 }, () => {
  it('leaves no server or gateway listening when it is killed with SIGKILL', async () => {
    const { child, ready } = await startAll();
    const { server, gateway } = await ready;
    expect(await answers(`${server}/agents/view/1`)).toBe(true);
    expect(await answers(`${gateway}/healthz`)).toBe(true);
    child.kill('SIGKILL');
    await expect.poll(() => answers(`${server}/agents/view/1`), { timeout: 60_000 }).toBe(false);
    await expect.poll(() => answers(`${gateway}/healthz`), { timeout: 60_000 }).toBe(false);
  });

  // What an IDE's stop button or `kill <pid>` does: only pnpm is signalled, and its shell stays.
  for (const signal of ['SIGTERM', 'SIGKILL'] as const) {
    it(`leaves nothing listening when the pnpm process of pnpm start gets ${signal}`, async () => {
      const { child, ready } = await startAll({}, { viaPnpm: true });
      const { server, gateway } = await ready;
      expect(await answers(`${gateway}/healthz`)).toBe(true);
      child.kill(signal);
      await expect.poll(() => answers(`${server}/agents/view/1`), { timeout: 60_000 }).toBe(false);
      await expect.poll(() => answers(`${gateway}/healthz`), { timeout: 60_000 }).toBe(false);
    });
  }

  it('stops both and exits when its terminal closes (SIGHUP)', async () => {
    const { child, ready } = await startAll();
    const { server, gateway } = await ready;
    const exit = once(child, 'exit');
    child.kill('SIGHUP');
    await exit;
    expect(await answers(`${server}/agents/view/1`)).toBe(false);
    expect(await answers(`${gateway}/healthz`)).toBe(false);
  });

  it('stops the server and exits 1, saying why, when the gateway cannot start', async () => {
    const gatewayPort = await freePort();
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(gatewayPort, '127.0.0.1', resolve));
    try {
      const { child, ports, output } = await startAll({ GATEWAY_PORT: String(gatewayPort) });
      const [code] = await once(child, 'exit');
      expect(code).toBe(1);
      expect(output()).toContain(`port ${gatewayPort} on 127.0.0.1 is in use`);
      expect(output()).toContain('the gateway exited with code 1 before it was ready; stopping the server');
      expect(await answers(`http://127.0.0.1:${ports[0]}/healthz`)).toBe(false);
    } finally {
      blocker.close();
    }
  });

  it.skipIf(!existsSync('/proc/self/stat'))(
    'runs the server under the Node options it ships with',
    async () => {
      const { child, ready } = await startAll();
      await ready;
      const { options } = JSON.parse(readFileSync(`${ROOT}apps/server/node-options.json`, 'utf8'));
      const server = childCommandLines(child.pid ?? 0).find((line) =>
        line.some((arg) => arg.endsWith('server/dist/cli.js')),
      );
      expect(server?.slice(1, 1 + options.length)).toEqual(options);
      child.kill('SIGTERM');
      await once(child, 'exit');
    },
  );

  it('serves the database pnpm cli works on, at the repository root', async () => {
    const { child, ready } = await startAll();
    await ready;
    const cli = (...args: string[]) =>
      spawnSync(process.execPath, [`${ROOT}scripts/server-cli.mjs`, ...args], {
        cwd: fileURLToPath(new URL('.', import.meta.url)),
        env: { ...process.env, DATABASE_URL: `${DATA_DIR}/assistant.sqlite` },
        encoding: 'utf8',
      });
    const created = cli('token', 'create', '--account', '1');
    expect(created.stderr).toBe('');
    expect(created.stdout).toContain('Created token');
    expect(cli('token', 'list').stdout).toContain('dev');
    child.kill('SIGTERM');
    await once(child, 'exit');
  });
});
