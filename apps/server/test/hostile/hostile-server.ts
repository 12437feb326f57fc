/**
 * The hostile suites run the built server in a process of its own: an attack that blocks its event
 * loop then fails a test by timing out, instead of freezing the test runner with it.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { ensureBuilt, type RunningServer, startCli, stopAllServers } from '../helpers/cli-process.js';
import { testSeed } from '../helpers/fixtures.js';

export interface HostileServer {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  port: number;
  process: RunningServer;
}

let seedPath: string | undefined;

/** The fixture seed as a file, written once per test file. */
function seedFile(): string {
  if (!seedPath) {
    seedPath = join(mkdtempSync(join(tmpdir(), 'hostile-seed-')), 'seed.json');
    writeFileSync(seedPath, JSON.stringify(testSeed));
  }
  return seedPath;
}

/**
 * Starts `assistant-server serve` with the fixture seed over an in-memory database unless `env` says
 * otherwise, with a 2 s engine budget so work cut short by it is cut short quickly.
 */
export async function startHostileServer(env: Record<string, string> = {}): Promise<HostileServer> {
  const running = await startCli(['--seed', seedFile()], {
    DATABASE_URL: ':memory:',
    ENGINE_TASK_TIMEOUT_MS: '2000',
    ...env,
  });
  const port = Number(new URL(running.origin).port);
  return { origin: `http://127.0.0.1:${port}`, port, process: running };
}

/** One server per test file, killed afterwards; `get()` returns it inside tests. */
export function useHostileServer(env: Record<string, string> = {}): () => HostileServer {
  let server: HostileServer | undefined;
  beforeAll(async () => {
    ensureBuilt();
    server = await startHostileServer(env);
  }, 120_000);
  afterAll(stopAllServers);
  return () => {
    if (!server) throw new Error('server not started yet');
    return server;
  };
}
