/**
 * The built `assistant-gateway` command: start-up with a bad configuration, help, version, flags, a
 * .env file, a busy port, and a real start and stop.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';
import { type ReferenceServer, startReferenceServer } from '@assistant-platform/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeEnv } from '../reference-store.js';

const CLI = fileURLToPath(new URL('../../../apps/gateway/dist/cli.js', import.meta.url));
const PACKAGE = JSON.parse(
  readFileSync(new URL('../../../apps/gateway/package.json', import.meta.url), 'utf8'),
) as { version: string };

function run(
  env: Record<string, string>,
  args: string[] = [],
  { cwd, ipc = false }: { cwd?: string; ipc?: boolean } = {},
): ChildProcess {
  return spawn(process.execPath, [CLI, ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe', ...(ipc ? (['ipc'] as const) : [])],
    ...(cwd === undefined ? {} : { cwd }),
  });
}

/** Resolves with the URL the gateway prints once it listens. */
async function listeningUrl(child: ChildProcess): Promise<string> {
  for await (const line of createInterface({ input: child.stdout as NodeJS.ReadableStream })) {
    const url = /listening on (\S+)/.exec(line)?.[1];
    if (url) return url;
  }
  throw new Error('the gateway exited before it listened');
}

/** A port nothing listens on right now. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
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
describe('assistant-gateway', { timeout: 60_000 }, () => {
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

  it('prints its version', async () => {
    const result = await output(run({}, ['--version']));
    expect(result.code).toBe(0);
    expect(result.stdout.trim()).toBe(PACKAGE.version);
  });

  it('refuses an unknown flag or argument with a message', async () => {
    const flag = await output(run({}, ['--prot', '4021']));
    expect(flag.code).toBe(1);
    expect(flag.stderr).toContain("unknown option '--prot'");
    const argument = await output(run({}, ['4021']));
    expect(argument.code).toBe(1);
    expect(argument.stderr).toContain('too many arguments');
  });

  it('refuses an UPSTREAM_BASE_URL without /v1, saying what to write', async () => {
    const result = await output(run({ UPSTREAM_BASE_URL: 'http://127.0.0.1:4010', LOG_LEVEL: 'silent' }));
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('UPSTREAM_BASE_URL: must be the platform');
    expect(result.stderr).toContain('ending in /v1, e.g. http://127.0.0.1:4010/v1');
  });

  describe('against a reference server', () => {
    let server: ReferenceServer;
    beforeAll(async () => {
      server = await startReferenceServer({ env: await storeEnv() });
    });
    afterAll(() => server.close());

    it('starts, prints its URL, answers /healthz and stops on SIGTERM', async () => {
      const child = run({ GATEWAY_PORT: '0', UPSTREAM_BASE_URL: server.baseUrl, LOG_LEVEL: 'silent' });
      try {
        const health = await fetch(`${await listeningUrl(child)}/healthz`);
        expect(health.status).toBe(200);
        child.kill('SIGTERM');
        const [code] = (await once(child, 'exit')) as [number | null];
        expect(code).toBe(0);
      } finally {
        child.kill();
      }
    });

    it('takes --port and --host over the environment', async () => {
      const port = await freePort();
      const child = run({ GATEWAY_PORT: '1', GATEWAY_HOST: '0.0.0.0', UPSTREAM_BASE_URL: server.baseUrl }, [
        '--port',
        String(port),
        '--host',
        '127.0.0.1',
      ]);
      try {
        expect(await listeningUrl(child)).toBe(`http://127.0.0.1:${port}`);
      } finally {
        child.kill();
      }
    });

    it('reads .env in the working directory; variables already set win over it', async () => {
      const dir = mkdtempSync(join(tmpdir(), 'gateway-dotenv-'));
      const port = await freePort();
      writeFileSync(
        join(dir, '.env'),
        `GATEWAY_PORT=${port}\nUPSTREAM_BASE_URL=${server.baseUrl}\nLOG_LEVEL=nonsense\n`,
      );
      const child = run({ LOG_LEVEL: 'silent' }, [], { cwd: dir });
      try {
        expect(await listeningUrl(child)).toBe(`http://127.0.0.1:${port}`);
      } finally {
        child.kill();
      }
    });

    it('logs one readable line per request with LOG_FORMAT=pretty', async () => {
      const child = run({ GATEWAY_PORT: '0', UPSTREAM_BASE_URL: server.baseUrl, LOG_FORMAT: 'pretty' });
      let output = '';
      child.stdout?.on('data', (chunk: Buffer) => {
        output += chunk.toString();
      });
      try {
        const url = await new Promise<string>((resolve) => {
          child.stdout?.on('data', () => {
            const found = /listening on (\S+) \(tRPC/.exec(stripVTControlCharacters(output))?.[1];
            if (found) resolve(found);
          });
        });
        const input = encodeURIComponent(JSON.stringify({ id: '1' }));
        await fetch(`${url}/trpc/agents.get?input=${input}`, { headers: { 'x-request-id': 'trace-me' } });
        await expect.poll(() => stripVTControlCharacters(output), { timeout: 60_000 }).toMatch(/GET \/trpc/);
        const lines = stripVTControlCharacters(output)
          .split('\n')
          .filter((line) => line.includes('GET /trpc'));
        expect(lines).toHaveLength(1);
        expect(lines[0]).toMatch(
          /^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: GET \/trpc\/agents\.get 401 \d+ ms \(trace-me\)$/,
        );
      } finally {
        child.kill();
      }
    });

    it('says which port is busy and what to do', async () => {
      const blocker = createServer();
      await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
      const { port } = blocker.address() as AddressInfo;
      try {
        const result = await output(
          run({ UPSTREAM_BASE_URL: server.baseUrl, LOG_LEVEL: 'silent' }, ['--port', String(port)]),
        );
        expect(result.code).toBe(1);
        expect(result.stderr).toContain(`port ${port} on 127.0.0.1 is in use`);
        expect(result.stderr).toContain('GATEWAY_PORT=');
      } finally {
        blocker.close();
      }
    });

    it('stops when its terminal closes (SIGHUP) or the parent that started it goes away', async () => {
      for (const stop of ['SIGHUP', 'disconnect'] as const) {
        const child = run({ GATEWAY_PORT: '0', UPSTREAM_BASE_URL: server.baseUrl, LOG_LEVEL: 'silent' }, [], {
          ipc: true,
        });
        const url = await listeningUrl(child);
        const exit = once(child, 'exit') as Promise<[number | null]>;
        // A parent killed with SIGKILL sends nothing: its end of the IPC channel just closes.
        if (stop === 'disconnect') child.disconnect();
        else child.kill(stop);
        expect((await exit)[0], stop).toBe(0);
        await expect(fetch(`${url}/healthz`), stop).rejects.toThrow();
      }
    });
  });
});
