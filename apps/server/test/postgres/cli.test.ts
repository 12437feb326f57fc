/**
 * `assistant-server` on PostgreSQL, as an operator runs it (the built CLI, real processes):
 * migrate, seed, tokens and state on a postgres:// DATABASE_URL; a running server refusing a token
 * the CLI revoked; servers started together on an empty database all starting, one first token
 * between them.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { State } from '@assistant-platform/types/admin';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CLI, ensureBuilt, startCli, stopAllServers } from '../helpers/cli-process.js';
import { TEST_TOKENS, testSeed } from '../helpers/fixtures.js';
import { testDatabaseUrl } from '../helpers/test-store.js';

const dir = mkdtempSync(join(tmpdir(), 'assistant-cli-postgres-'));
const seedFile = join(dir, 'seed.json');

beforeAll(() => {
  ensureBuilt();
  writeFileSync(seedFile, JSON.stringify(testSeed));
}, 120_000);
afterEach(stopAllServers);

/** Runs a one-shot CLI command without blocking this process (others may run at the same time). */
function cli(
  args: string[],
  database: string,
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [CLI, ...args], {
    env: { ...process.env, DATABASE_URL: database },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (data: Buffer) => {
    stdout += data;
  });
  child.stderr.on('data', (data: Buffer) => {
    stderr += data;
  });
  return new Promise((resolve) => child.once('close', (status) => resolve({ status, stdout, stderr })));
}

describe('the CLI on PostgreSQL', { timeout: 60_000 }, () => {
  it('migrates an empty database from several processes at once', async () => {
    const database = await testDatabaseUrl();
    const runs = await Promise.all([1, 2, 3].map(() => cli(['migrate'], database)));
    for (const run of runs) {
      expect(run.stderr).toBe('');
      expect(run.status).toBe(0);
      expect(run.stdout).toMatch(
        /^Database postgres:\/\/postgres@127\.0\.0\.1:\d+\/\w+ \(PostgreSQL\) is up to date\.$/m,
      );
    }
    expect((await cli(['token', 'list'], database)).stdout.trim()).toBe('No tokens.');
  });

  it('seeds, creates, lists and revokes tokens, and a running server refuses the revoked one', async () => {
    const database = await testDatabaseUrl();
    expect((await cli(['seed', seedFile], database)).status).toBe(0);
    const server = await startCli([], { DATABASE_URL: database });
    const get = (token: string) =>
      fetch(`${server.origin}/v1/agents/view/1`, { headers: { authorization: `Bearer ${token}` } }).then(
        (answer) => answer.status,
      );
    expect(await get(TEST_TOKENS.read)).toBe(200);

    const created = await cli(
      ['token', 'create', '--account', '2', '--scopes', 'agents:read', '--name', 'ops'],
      database,
    );
    expect(created.status).toBe(0);
    expect(created.stdout).toContain(`Created token ${Object.keys(TEST_TOKENS).length + 1} for account 2`);
    const token = created.stdout.trim().split('\n').at(-1) as string;
    expect(await get(token)).toBe(403);

    expect((await cli(['token', 'revoke', '3'], database)).stdout).toContain('Revoked token 3.');
    await expect.poll(() => get(TEST_TOKENS.read), { timeout: 60_000, interval: 20 }).toBe(401);
    const listed = (await cli(['token', 'list'], database)).stdout;
    expect(listed).toMatch(/^3\taccount 1\tread\tagents:read\trevoked \d{4}-/m);
    expect(listed).toMatch(/\tops\tagents:read\tactive$/m);
    expect((await cli(['token', 'create', '--account', '99'], database)).stderr).toContain(
      'account 99 does not exist',
    );
  });

  it('exports a state that imports into another database as the same state', async () => {
    const [source, target] = [await testDatabaseUrl(), await testDatabaseUrl()];
    expect((await cli(['seed', seedFile], source)).status).toBe(0);
    const file = join(dir, 'state.json');
    expect((await cli(['state', 'export', '--out', file], source)).status).toBe(0);
    const imported = await cli(['state', 'import', file], target);
    expect(imported.stdout).toContain('Imported');
    expect(imported.stdout).toContain('3 agents');
    const again = JSON.parse((await cli(['state', 'export'], target)).stdout) as State;
    expect(again).toEqual(JSON.parse(readFileSync(file, 'utf8')));
  });

  it('starts several servers on one empty database: all listen, one prints the first token', async () => {
    const database = await testDatabaseUrl();
    const servers = await Promise.all([1, 2].map(() => startCli([], { DATABASE_URL: database })));
    const announced = servers.filter((server) =>
      server.output().includes('Created a token with scopes * and operator'),
    );
    expect(announced).toHaveLength(1);
    for (const server of servers) expect((await fetch(`${server.origin}/healthz`)).status).toBe(200);
    expect(servers[0]?.output()).toContain('(PostgreSQL)');
    expect(servers[0]?.output()).not.toContain(new URL(database).password);
  });
});
