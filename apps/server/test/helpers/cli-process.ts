import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { type AddressInfo, createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { ensureFreshBuild } from './fresh-build.js';

export const CLI = fileURLToPath(new URL('../../dist/cli.js', import.meta.url));

/** The integration tests run the built CLI; (re)build it when dist/ is missing or older than src/. */
export function ensureBuilt(): void {
  ensureFreshBuild();
}

export interface RunningServer {
  child: ChildProcess;
  origin: string;
  output: () => string;
}

const started = new Set<ChildProcess>();

/** Kills every server a test started and left running (a failed assertion skips the test's own cleanup). */
export async function stopAllServers(): Promise<void> {
  const running = [...started].filter((child) => child.exitCode === null && child.signalCode === null);
  started.clear();
  for (const child of running) child.kill('SIGKILL');
  await Promise.all(running.map((child) => exited(child)));
}

/**
 * Spawns `assistant-server serve` (or `command`, e.g. `proxy`) and resolves once it prints its URL.
 * It listens on a free port (`--port 0`) unless `portFromEnv` leaves the port to the environment;
 * `ipc` gives it an IPC channel to its parent, as `pnpm start` does; `cwd` is where it runs (this
 * process's by default).
 */
export function startCli(
  args: string[],
  env: Record<string, string>,
  {
    portFromEnv = false,
    ipc = false,
    cwd,
    command = 'serve',
    nodeArgs = [],
  }: {
    portFromEnv?: boolean;
    ipc?: boolean;
    cwd?: string;
    command?: string;
    /** Node's own options, before the CLI's path (`--max-old-space-size=…`). */
    nodeArgs?: string[];
  } = {},
): Promise<RunningServer> {
  const portArgs = portFromEnv ? [] : ['--port', '0'];
  const child = spawn(process.execPath, [...nodeArgs, CLI, command, ...portArgs, ...args], {
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe', ...(ipc ? (['ipc'] as const) : [])],
    ...(cwd === undefined ? {} : { cwd }),
  });
  started.add(child);
  let output = '';
  return new Promise((resolve, reject) => {
    const onData = (data: Buffer) => {
      output += data.toString();
      const match = /listening on (http:\/\/[^\s/]+)\/v1/.exec(output);
      if (match?.[1]) resolve({ child, origin: match[1], output: () => output });
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`server exited with ${code}: ${output}`)));
  });
}

/** Runs a one-shot CLI command (in `cwd`, by default this process's) and returns its output. */
export function runCli(args: string[], env: Record<string, string>, cwd?: string) {
  const result = spawnSync(process.execPath, [CLI, ...args], {
    env: { ...process.env, ...env },
    encoding: 'utf8',
    ...(cwd === undefined ? {} : { cwd }),
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/**
 * As runCli, without blocking this process: for a command that calls a server this process runs
 * (runCli's spawnSync would keep that server from answering).
 */
export function runCliAsync(
  args: string[],
  env: Record<string, string>,
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [CLI, ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.add(child);
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (data: Buffer) => (stdout += data.toString()));
  child.stderr?.on('data', (data: Buffer) => (stderr += data.toString()));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    // 'close' comes after both pipes have ended: all the output is in.
    child.once('close', (status) => resolve({ status, stdout, stderr }));
  });
}

export function exited(child: ChildProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  if (child.exitCode !== null || child.signalCode !== null)
    return Promise.resolve({ code: child.exitCode, signal: child.signalCode });
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
}

/** A port nothing listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
    probe.once('error', reject);
  });
}
