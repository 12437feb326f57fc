/**
 * The built CLI as a developer runs it, again and again: settings from a .env file, --version, a busy
 * port said plainly, and no server left behind when its terminal closes or its parent goes away.
 */
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, exited, runCli, startCli, stopAllServers } from '../helpers/cli-process.js';

const PACKAGE = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  version: string;
};

beforeAll(() => ensureBuilt(), 120_000);
afterEach(stopAllServers);

/** Whether anything accepts a connection at `origin` any more. */
async function answers(origin: string): Promise<boolean> {
  return fetch(`${origin}/healthz`).then(
    () => true,
    () => false,
  );
}

describe('the CLI in a development loop', { timeout: 60_000 }, () => {
  it('prints its version', () => {
    for (const flag of ['--version', '-v']) {
      const result = runCli([flag], {});
      expect(result.status).toBe(0);
      expect(result.stdout.trim()).toBe(PACKAGE.version);
    }
  });

  it('reads .env in the working directory; variables already set win over it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'assistant-dotenv-'));
    writeFileSync(join(dir, '.env'), 'DATABASE_URL=./from-dot-env.sqlite\nLOG_LEVEL=nonsense\n');
    const fromFile = runCli(['migrate'], { LOG_LEVEL: 'warn' }, dir);
    expect(fromFile.status).toBe(0);
    expect(fromFile.stdout).toContain('from-dot-env.sqlite');
    expect(existsSync(join(dir, 'from-dot-env.sqlite'))).toBe(true);

    const fromEnvironment = runCli(
      ['migrate'],
      { DATABASE_URL: './from-env.sqlite', LOG_LEVEL: 'warn' },
      dir,
    );
    expect(fromEnvironment.status).toBe(0);
    expect(existsSync(join(dir, 'from-env.sqlite'))).toBe(true);
  });

  it('says which port is busy and what to do', async () => {
    const blocker: Server = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const { port } = blocker.address() as { port: number };
    try {
      const result = runCli(['serve', '--port', String(port)], {
        DATABASE_URL: ':memory:',
        LOG_LEVEL: 'warn',
      });
      expect(result.status).toBe(1);
      expect(result.stderr).toContain(`port ${port} on 127.0.0.1 is in use`);
      expect(result.stderr).toContain('PORT=');
      expect(result.stderr).not.toContain('EADDRINUSE');
    } finally {
      blocker.close();
    }
  });

  it('logs one readable line per request with LOG_FORMAT=pretty, JSON lines with LOG_FORMAT=json', async () => {
    const pretty = await startCli([], { DATABASE_URL: ':memory:', LOG_LEVEL: 'info', LOG_FORMAT: 'pretty' });
    await fetch(`${pretty.origin}/v1/agents/view/1?verbose=1`, { headers: { 'x-request-id': 'trace-me' } });
    const line = /^.*GET \/v1\/agents\/view\/1 .*$/m;
    await expect.poll(() => stripVTControlCharacters(pretty.output()), { timeout: 60_000 }).toMatch(line);
    const requestLines = stripVTControlCharacters(pretty.output())
      .split('\n')
      .filter((text) => text.includes('/v1/agents/view/1'));
    expect(requestLines).toHaveLength(1);
    expect(requestLines[0]).toMatch(
      /^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: GET \/v1\/agents\/view\/1 401 \d+ ms \(trace-me\)$/,
    );

    const json = await startCli([], { DATABASE_URL: ':memory:', LOG_LEVEL: 'info', LOG_FORMAT: 'json' });
    await fetch(`${json.origin}/v1/agents/view/1`);
    await expect.poll(() => json.output(), { timeout: 60_000 }).toContain('"request completed"');
    const entry = json
      .output()
      .split('\n')
      .find((text) => text.includes('"request completed"'));
    expect(JSON.parse(entry as string)).toMatchObject({ level: 30, res: { statusCode: 401 } });
  });

  it('stops when its terminal closes (SIGHUP)', async () => {
    const server = await startCli([], { DATABASE_URL: ':memory:' });
    server.child.kill('SIGHUP');
    expect((await exited(server.child)).code).toBe(0);
    expect(await answers(server.origin)).toBe(false);
  });

  it('stops when the parent that started it goes away (its IPC channel ends)', async () => {
    const server = await startCli([], { DATABASE_URL: ':memory:' }, { ipc: true });
    expect(await answers(server.origin)).toBe(true);
    // What a parent killed with SIGKILL leaves its child: the channel's other end closed, no signal.
    server.child.disconnect();
    expect((await exited(server.child)).code).toBe(0);
    expect(await answers(server.origin)).toBe(false);
  });
});
