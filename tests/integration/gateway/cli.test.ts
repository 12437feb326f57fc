/** The built `assistant-gateway` command: start-up with a bad configuration, help, and a real start. */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { startReferenceServer } from '@assistant-platform/server';
import { describe, expect, it } from 'vitest';

const CLI = fileURLToPath(new URL('../../../apps/gateway/dist/cli.js', import.meta.url));

function run(env: Record<string, string>, args: string[] = []): ChildProcess {
  return spawn(process.execPath, [CLI, ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

async function output(child: ChildProcess): Promise<{ code: number | null; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const [code] = (await once(child, 'exit')) as [number | null];
  return { code, stdout, stderr };
}

// Each test spawns Node; on a busy machine that alone can take seconds.
describe('assistant-gateway', { timeout: 30_000 }, () => {
  it('refuses to start with a bad configuration, naming the variable', async () => {
    const result = await output(run({ GATEWAY_PORT: 'eighty', LOG_LEVEL: 'silent' }));
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('GATEWAY_PORT');
  });

  it('prints its configuration variables with --help', async () => {
    const result = await output(run({}, ['--help']));
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('UPSTREAM_BASE_URL');
  });

  it('starts, prints its URL, answers /healthz and stops on SIGTERM', async () => {
    const server = await startReferenceServer();
    const child = run({ GATEWAY_PORT: '0', UPSTREAM_BASE_URL: server.baseUrl, LOG_LEVEL: 'silent' });
    try {
      let url: string | undefined;
      for await (const line of createInterface({ input: child.stdout as NodeJS.ReadableStream })) {
        url = /listening on (\S+)/.exec(line)?.[1];
        if (url) break;
      }
      const health = await fetch(`${url}/healthz`);
      expect(health.status).toBe(200);
      child.kill('SIGTERM');
      const [code] = (await once(child, 'exit')) as [number | null];
      expect(code).toBe(0);
    } finally {
      child.kill();
      await server.close();
    }
  });
});
