import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  closeSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  rmSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CLI, ensureBuilt, runCli, startCli, stopAllServers } from '../helpers/cli-process.js';

const root = mkdtempSync(join(tmpdir(), 'assistant-storage-'));
let case_ = 0;
/** A fresh folder per test. */
const folder = () => {
  const dir = join(root, `case-${++case_}`);
  mkdirSync(dir);
  return dir;
};

/** A port nothing listens on (it was free a moment ago). */
function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/**
 * `assistant-server serve` that must refuse to start; a server that starts anyway is killed (status
 * null). `prefix` is a command it runs under (such as setpriv).
 */
function serveMustFail(env: Record<string, string>, cwd?: string, prefix: string[] = []) {
  const [command = process.execPath, ...args] = [...prefix, process.execPath, CLI, 'serve', '--port', '0'];
  const result = spawnSync(command, args, {
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    encoding: 'utf8',
    timeout: 60_000,
    ...(cwd ? { cwd } : {}),
  });
  return { status: result.status, stderr: result.stderr };
}

beforeAll(() => ensureBuilt(), 120_000);
afterEach(stopAllServers);

describe('database faults at start-up and while running', { timeout: 60_000 }, () => {
  it('refuses to start on a file with a corrupted page, naming DATABASE_URL and the path', () => {
    const file = join(folder(), 'corrupt.sqlite');
    expect(runCli(['migrate'], { DATABASE_URL: file }).status).toBe(0);
    // Page 1 (the schema) stays; page 3, a table's root, becomes garbage. The file still opens.
    const fd = openSync(file, 'r+');
    writeSync(fd, Buffer.alloc(4096, 0xa5), 0, 4096, 2 * 4096);
    closeSync(fd);
    const result = serveMustFail({ DATABASE_URL: file });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`DATABASE_URL=${file}`);
    expect(result.stderr).toMatch(/corrupted/);
    expect(result.stderr).not.toMatch(/listening/);
  });

  it('refuses a file that is not a database, and a path that is a folder', () => {
    const garbage = join(folder(), 'notes.sqlite');
    writeFileSync(garbage, 'these are not the pages you are looking for\n'.repeat(200));
    const notADatabase = serveMustFail({ DATABASE_URL: garbage });
    expect(notADatabase.status).toBe(1);
    expect(notADatabase.stderr).toContain(`DATABASE_URL=${garbage}`);
    expect(notADatabase.stderr).toMatch(/not a database/);

    const dir = folder();
    const isFolder = serveMustFail({ DATABASE_URL: dir });
    expect(isFolder.status).toBe(1);
    expect(isFolder.stderr).toContain(`DATABASE_URL=${dir}: is a folder`);
  });

  it('refuses a path whose folder cannot be created (a file is in the way)', () => {
    const blocker = join(folder(), 'blocker');
    writeFileSync(blocker, 'a file, not a folder');
    const file = join(blocker, 'data', 'assistant.sqlite');
    const result = serveMustFail({ DATABASE_URL: file });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      `DATABASE_URL=${file}: cannot create its folder ${join(blocker, 'data')}`,
    );
  });

  it('refuses a read-only database file', (context) => {
    const dir = folder();
    const file = join(dir, 'readonly.sqlite');
    expect(runCli(['migrate'], { DATABASE_URL: file }).status).toBe(0);
    chmodSync(file, 0o444);
    // Root writes to read-only files through its capability to override file permissions, so as
    // root the server runs without it (util-linux's setpriv drops it from the bounding set): the
    // file's owner, like any user, then cannot write a file without write permission.
    const withoutOverride =
      process.getuid?.() === 0 ? ['setpriv', '--bounding-set=-dac_override,-dac_read_search', '--'] : [];
    if (withoutOverride.length > 0 && spawnSync('setpriv', ['--version']).status !== 0) {
      console.log('skipped: running as root without setpriv, so read-only files stay writable');
      context.skip();
    }
    const result = serveMustFail({ DATABASE_URL: file }, undefined, withoutOverride);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`DATABASE_URL=${file}: the file is read-only`);
  });

  it('refuses a DATABASE_URL of another database and creates nothing', () => {
    const cwd = folder();
    for (const url of ['mysql://localhost/app', 'http://x/y', 'sqlite://a.db']) {
      const result = serveMustFail({ DATABASE_URL: url }, cwd);
      expect(result.status).toBe(1);
      expect(result.stderr).toMatch(/ConfigError: [\s\S]*DATABASE_URL: .*not supported/);
    }
    expect(existsSync(join(cwd, 'mysql:'))).toBe(false);
    expect(existsSync(join(cwd, 'sqlite:'))).toBe(false);
  });

  it('names DATABASE_URL and the server, never the password, when PostgreSQL is not there', async () => {
    const cwd = folder();
    const port = await closedPort();
    const result = serveMustFail({ DATABASE_URL: `postgres://app:s3cret@127.0.0.1:${port}/assistant` }, cwd);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      `DATABASE_URL=postgres://app@127.0.0.1:${port}/assistant: cannot connect to PostgreSQL at 127.0.0.1:${port}: connection refused`,
    );
    expect(result.stderr).not.toContain('s3cret');
    expect(readdirSync(cwd)).toEqual([]);
  });

  it('once its folder is deleted, a running server answers 503 with Retry-After to a create and 503 to /healthz, logging why', async () => {
    const data = join(folder(), 'data');
    const server = await startCli(['--dev-token', 'dev-token-storage'], {
      DATABASE_URL: join(data, 'assistant.sqlite'),
    });
    const create = () =>
      fetch(`${server.origin}/v1/agents/create`, {
        method: 'POST',
        headers: { authorization: 'Bearer dev-token-storage', 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Kept', instruction: 'Answer politely.' }),
      });
    expect((await create()).status).toBe(201);
    expect((await fetch(`${server.origin}/healthz`)).status).toBe(200);

    rmSync(data, { recursive: true });

    const refused = await create();
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(await refused.text()).not.toContain(data);
    const health = await fetch(`${server.origin}/healthz`);
    expect(health.status).toBe(503);
    expect(await health.json()).toEqual({ status: 'unavailable', database: 'gone' });
    // The log line reaches this process through a pipe, maybe after the answers.
    await expect
      .poll(server.output, { timeout: 60_000 })
      .toContain(`${join(data, 'assistant.sqlite')} no longer exists`);
  });
});
