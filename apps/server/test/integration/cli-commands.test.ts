import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, exited, freePort, runCli, startCli, stopAllServers } from '../helpers/cli-process.js';

const dir = mkdtempSync(join(tmpdir(), 'assistant-cmd-'));
const env = { DATABASE_URL: join(dir, 'tokens.sqlite') };

beforeAll(() => {
  ensureBuilt();
  writeFileSync(join(dir, 'seed.json'), JSON.stringify({ accounts: [{ id: 5, name: 'Initech' }] }));
}, 120_000);

afterEach(stopAllServers);

describe('CLI commands', { timeout: 60_000 }, () => {
  it('migrate, seed, token create/list/revoke work against one database', async () => {
    expect(runCli(['migrate'], env).stdout).toContain('up to date');
    expect(runCli(['seed', join(dir, 'seed.json')], env).status).toBe(0);

    const created = runCli(
      ['token', 'create', '--account', '5', '--scopes', 'agents:write', '--name', 'ci'],
      env,
    );
    expect(created.status).toBe(0);
    const token = created.stdout.trim().split('\n').at(-1) as string;
    const tokenId = /Created token (\d+)/.exec(created.stdout)?.[1];

    const list = runCli(['token', 'list'], env);
    expect(list.stdout).toContain('ci');
    expect(list.stdout).toContain('agents:write');
    expect(list.stdout).not.toContain(token);

    const server = await startCli([], env);
    const create = () =>
      fetch(`${server.origin}/v1/agents/create`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'a', instruction: 'b' }),
      });
    try {
      expect((await create()).status).toBe(201);
      expect(runCli(['token', 'revoke', tokenId as string], env).status).toBe(0);
      expect((await create()).status).toBe(401);
    } finally {
      server.child.kill('SIGTERM');
      await exited(server.child);
    }
    expect(runCli(['token', 'list'], env).stdout).toMatch(/revoked/);
  });

  it('takes PORT, HOST and ASSISTANT_DEV_TOKEN from the environment when no flag is given', async () => {
    const port = await freePort();
    const server = await startCli(
      [],
      {
        DATABASE_URL: ':memory:',
        PORT: String(port),
        HOST: '127.0.0.1',
        ASSISTANT_DEV_TOKEN: 'env-dev-token',
      },
      { portFromEnv: true },
    );
    expect(server.origin).toBe(`http://127.0.0.1:${port}`);
    const view = await fetch(`${server.origin}/v1/agents/view/1`, {
      headers: { authorization: 'Bearer env-dev-token' },
    });
    expect(view.status).toBe(404); // authenticated (not 401): the token came from the environment
    server.child.kill('SIGTERM');
    await exited(server.child);
  });

  it('token commands where there is no database say so, naming its path, and create none', () => {
    const missing = join(dir, 'never-created', 'assistant.sqlite');
    for (const args of [
      ['token', 'list'],
      ['token', 'create', '--account', '1', '--scopes', '*'],
      ['token', 'revoke', '1'],
    ]) {
      const result = runCli(args, { DATABASE_URL: missing });
      expect(result.status, args.join(' ')).toBe(1);
      expect(result.stderr, args.join(' ')).toContain(`there is no database at ${missing}`);
    }
    expect(existsSync(join(dir, 'never-created'))).toBe(false);
  });

  it('prints the database it serves, as an absolute path', async () => {
    const server = await startCli([], { DATABASE_URL: relative(process.cwd(), join(dir, 'banner.sqlite')) });
    expect(server.output()).toContain(`Database: ${join(dir, 'banner.sqlite')}`);
    server.child.kill('SIGTERM');
    await exited(server.child);
  });

  it('rejects bad arguments with a message and a non-zero exit', () => {
    const badScope = runCli(['token', 'create', '--account', '5', '--scopes', 'agents:everything'], env);
    expect(badScope.status).not.toBe(0);
    expect(badScope.stderr).toContain('unknown scope');
    const noAccount = runCli(['token', 'create', '--account', '404', '--scopes', '*'], env);
    expect(noAccount.status).toBe(1);
    expect(noAccount.stderr).toContain('account 404 does not exist');
    expect(runCli(['token', 'revoke', '999'], env).stderr).toContain('no active token');
  });

  it.each([
    [[]],
    [['serve']],
    [['migrate']],
    [['seed']],
    [['token']],
    [['token', 'create']],
    [['token', 'list']],
    [['token', 'revoke']],
  ])('prints help for %j --help', (args) => {
    const help = runCli([...args, '--help'], env);
    expect(help.status).toBe(0);
    expect(help.stdout).toContain('Usage: assistant-server');
  });
});
