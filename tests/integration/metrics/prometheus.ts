/**
 * Debian's `prometheus` for the metrics suite: started on a scrape configuration the test writes,
 * in a temporary folder of its own, and asked through its HTTP query API as a dashboard would.
 * Without prometheus the suite is skipped, saying why, except in CI (`CI=true`), where skipping
 * would let it pass without running: there it fails (.ci/run installs the package).
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The prometheus to run for `suite`; undefined (with the reason printed) to skip it; throws in CI. */
export function prometheusForSuite(suite: string): string | undefined {
  const path = process.env.PROMETHEUS_PATH ?? 'prometheus';
  const probe = spawnSync(path, ['--version'], { stdio: 'ignore' });
  if (probe.status === 0) return path;
  const missing = `no runnable ${path} (install Debian's prometheus, or set PROMETHEUS_PATH)`;
  if (process.env.CI === 'true' || process.env.CI === '1')
    throw new Error(`${suite}: CI needs prometheus for the metrics tests, but ${missing}`);
  console.warn(`${suite} skipped: ${missing}`);
  return undefined;
}

/** One scrape job: a target `host:port`, the path, and the bearer token it needs. */
export interface ScrapeJob {
  name: string;
  target: string;
  path: string;
  token: string;
}

export interface RunningPrometheus {
  /** The value of an instant query's single sample, or undefined while it has none. */
  query(promql: string): Promise<number | undefined>;
  /** Whether its web API answers ready. */
  ready(): Promise<boolean>;
  close(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export async function startPrometheus(path: string, jobs: readonly ScrapeJob[]): Promise<RunningPrometheus> {
  const folder = mkdtempSync(join(tmpdir(), 'prometheus-'));
  // JSON is YAML: the configuration needs no YAML writer.
  const config = {
    global: { scrape_interval: '1s', scrape_timeout: '1s', evaluation_interval: '1s' },
    scrape_configs: jobs.map((job) => ({
      job_name: job.name,
      metrics_path: job.path,
      authorization: { credentials: job.token },
      static_configs: [{ targets: [job.target] }],
    })),
  };
  writeFileSync(join(folder, 'prometheus.yml'), JSON.stringify(config, null, 2));
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(
    path,
    [
      `--config.file=${join(folder, 'prometheus.yml')}`,
      `--storage.tsdb.path=${join(folder, 'data')}`,
      `--web.listen-address=127.0.0.1:${port}`,
      '--log.level=warn',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let log = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-4000);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    async ready() {
      if (child.exitCode !== null) throw new Error(`prometheus exited (${child.exitCode}): ${log}`);
      return fetch(`${origin}/-/ready`).then(
        (response) => response.ok,
        () => false,
      );
    },
    async query(promql) {
      const response = await fetch(`${origin}/api/v1/query?query=${encodeURIComponent(promql)}`);
      const body = (await response.json()) as { data?: { result?: { value: [number, string] }[] } };
      const value = body.data?.result?.[0]?.value[1];
      return value === undefined ? undefined : Number(value);
    },
    async close() {
      child.kill('SIGTERM');
      await exited;
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
