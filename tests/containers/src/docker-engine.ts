/**
 * The Docker engine the suite runs compose.yaml on: the daemon already running, else a dockerd started
 * here (as root) and stopped when the suite ends; and Compose v2, installed as a CLI plugin from
 * Debian's packages (scripts/install-compose-v2.sh) when `docker compose` is missing. Where Docker
 * cannot run at all (no docker client, no daemon and no dockerd to start, or not root) the suite is
 * skipped, saying why.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { accessSync, closeSync, constants, mkdtempSync, openSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { mustRun, runProgram } from './run.js';

const SCRIPTS = fileURLToPath(new URL('../scripts/', import.meta.url));

function onPath(name: string): boolean {
  return (process.env.PATH ?? '').split(delimiter).some((dir) => {
    try {
      accessSync(join(dir, name), constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

function daemonAnswers(): boolean {
  return (
    spawnSync('docker', ['info', '--format', '{{.ServerVersion}}'], { stdio: 'ignore', timeout: 30_000 })
      .status === 0
  );
}

/** Why Docker cannot run here, or undefined when it can (a daemon answers, or one can be started). */
export function dockerSkipReason(): string | undefined {
  if (!onPath('docker')) return 'no docker client on PATH';
  if (daemonAnswers()) return undefined;
  if (process.getuid?.() !== 0) return 'no Docker daemon answers, and only root can start one';
  if (!onPath('dockerd')) return 'no Docker daemon answers, and there is no dockerd to start';
  return undefined;
}

export interface Engine {
  /** Whether this suite started the daemon (and so stops it). */
  started: boolean;
  stop(): Promise<void>;
}

function exited(child: ChildProcess, ms: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

/** The running daemon, or a dockerd started now (its log in a temporary folder) once it answers. */
export async function startEngine(): Promise<Engine> {
  if (daemonAnswers()) return { started: false, stop: async () => {} };
  const log = join(mkdtempSync(join(tmpdir(), 'containers-tests-')), 'dockerd.log');
  const out = openSync(log, 'a');
  const dockerd = spawn('dockerd', [], { stdio: ['ignore', out, out] });
  closeSync(out);
  const deadline = Date.now() + 120_000;
  while (!daemonAnswers()) {
    if (dockerd.exitCode !== null || Date.now() > deadline) {
      dockerd.kill('SIGKILL');
      const tail = readFileSync(log, 'utf8').trim().split('\n').slice(-20).join('\n');
      throw new Error(`dockerd did not start (its log, ${log}):\n${tail}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  console.log(`started dockerd (pid ${dockerd.pid}, log ${log})`);
  return {
    started: true,
    async stop() {
      dockerd.kill('SIGTERM');
      if (!(await exited(dockerd, 60_000))) dockerd.kill('SIGKILL');
    },
  };
}

/** Compose v2 as the docker CLI's plugin: the one there, else Debian's, installed for this user. */
export async function ensureComposeV2(): Promise<string> {
  const found = await runProgram('docker', ['compose', 'version', '--short']);
  if (found.code === 0 && /^v?2\./.test(found.output.trim())) return found.output.trim();
  await mustRun('bash', [join(SCRIPTS, 'install-compose-v2.sh')], { timeoutMs: 600_000 });
  return (await mustRun('docker', ['compose', 'version', '--short'])).trim();
}
