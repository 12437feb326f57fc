import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { State } from '@assistant-platform/types/admin';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../src/db/token-hash.js';
import { ensureBuilt, exited, runCli, startCli, stopAllServers } from '../helpers/cli-process.js';
import { TEST_TOKENS, testSeed } from '../helpers/fixtures.js';

const dir = mkdtempSync(join(tmpdir(), 'assistant-state-'));
const database = (name: string) => ({ DATABASE_URL: join(dir, `${name}.sqlite`) });
/** A token with `operator`, which an imported state must keep (no import locks you out). */
const operatorToken = { token: TEST_TOKENS.operator, accountId: 1, scopes: ['operator'] };

beforeAll(() => {
  ensureBuilt();
  writeFileSync(join(dir, 'seed.json'), JSON.stringify(testSeed));
}, 120_000);

afterEach(stopAllServers);

describe('CLI state commands', { timeout: 60_000 }, () => {
  it('exports all data, tokens as hashes and a revoked one with revokedAt, to stdout or a file', () => {
    const env = database('export');
    expect(runCli(['seed', join(dir, 'seed.json')], env).status).toBe(0);
    expect(runCli(['token', 'revoke', '3'], env).status).toBe(0);
    const printed = runCli(['state', 'export'], env);
    expect(printed.status).toBe(0);
    const state = JSON.parse(printed.stdout) as State;
    expect(state.accounts?.map((a) => a.id)).toEqual([1, 2]);
    expect(state.agents?.map((a) => [a.id, a.accountId, a.name])).toEqual([
      [1, 1, 'Support triage'],
      [2, 1, 'Billing'],
      [3, 2, 'Globex sales'],
    ]);
    expect(state.tokens?.[0]).toMatchObject({ id: 1, tokenHash: hashToken(TEST_TOKENS.all), name: 'all' });
    expect(JSON.stringify(state)).not.toContain(TEST_TOKENS.all);
    expect(state.tokens?.[2]?.revokedAt).toMatch(/^\d{4}-/);
    expect(state.tokens?.[0]).not.toHaveProperty('revokedAt');

    const out = join(dir, 'export.json');
    expect(runCli(['state', 'export', '--out', out], env).stdout).toContain(out);
    expect(JSON.parse(readFileSync(out, 'utf8'))).toEqual(state);
  });

  it('imports an export into another database, which then answers the same', async () => {
    const source = database('source');
    runCli(['seed', join(dir, 'seed.json')], source);
    const file = join(dir, 'source-export.json');
    runCli(['state', 'export', '--out', file], source);
    const target = database('target');
    const imported = runCli(['state', 'import', file], target);
    expect(imported.status).toBe(0);
    expect(imported.stdout).toContain('2 accounts, 9 tokens, 2 workspaces, 2 transcriptions, 3 agents');
    expect(runCli(['state', 'export'], target).stdout).toBe(runCli(['state', 'export'], source).stdout);

    const server = await startCli([], target);
    try {
      const res = await fetch(`${server.origin}/v1/agents/view/1`, {
        headers: { authorization: `Bearer ${TEST_TOKENS.all}` },
      });
      expect(res.status).toBe(200);
      expect(((await res.json()) as { data: { name: string } }).data.name).toBe('Support triage');
    } finally {
      server.child.kill('SIGTERM');
      await exited(server.child);
    }
  });

  it('refuses a bad document naming the entry, and leaves the data as it was', () => {
    const env = database('refused');
    runCli(['seed', join(dir, 'seed.json')], env);
    const before = runCli(['state', 'export'], env).stdout;
    const bad = join(dir, 'bad.json');
    writeFileSync(
      bad,
      JSON.stringify({
        accounts: [{ id: 1, name: 'A' }],
        tokens: [operatorToken],
        workspaces: [{ id: 1, accountId: 9, name: 'W' }],
      }),
    );
    const refused = runCli(['state', 'import', bad], env);
    expect(refused.status).not.toBe(0);
    expect(refused.stderr).toContain('workspaces[0]');
    const invalid = join(dir, 'invalid.json');
    writeFileSync(invalid, JSON.stringify({ agents: [{ name: 'no instruction' }] }));
    expect(runCli(['state', 'import', invalid], env).stderr).toContain('agents[0].instruction: is required');
    expect(runCli(['state', 'export'], env).stdout).toBe(before);
  });

  it('refuses a document that would leave no token with operator, naming the rule', () => {
    const env = database('lock-out');
    runCli(['seed', join(dir, 'seed.json')], env);
    const before = runCli(['state', 'export'], env).stdout;
    const state = JSON.parse(before) as State;
    const withoutOperator = join(dir, 'without-operator.json');
    writeFileSync(
      withoutOperator,
      JSON.stringify({
        ...state,
        tokens: state.tokens?.filter((token) => !token.scopes.includes('operator')),
      }),
    );
    const refused = runCli(['state', 'import', withoutOperator], env);
    expect(refused.status).not.toBe(0);
    expect(refused.stderr).toContain('tokens: must hold a token with scope operator');
    expect(refused.stderr).toContain('no import locks you out');
    expect(runCli(['state', 'export'], env).stdout).toBe(before);
  });
});
