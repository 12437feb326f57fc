/**
 * An operator locked out recovers with the CLI on the database: on a running server whose every
 * operator token is gone (revoked by mistake through the admin API), `token create --operator`
 * makes one that administers the whole server at once, and a restart with the seed could not
 * have (tokens are matched by hash, so the seed's revoked token stays revoked).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { State } from '@assistant-platform/types/admin';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../src/db/token-hash.js';
import { ensureBuilt, runCli, startCli, stopAllServers } from '../helpers/cli-process.js';

const DEV_SEED = fileURLToPath(new URL('../../../../seed/dev.json', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'assistant-operator-'));

beforeAll(() => ensureBuilt(), 120_000);
afterEach(stopAllServers);

const as = (origin: string, token: string, method: string, path: string) =>
  fetch(`${origin}${path}`, { method, headers: { authorization: `Bearer ${token}` } });

describe('recovering the operator with the CLI', { timeout: 60_000 }, () => {
  it('token create --operator gives a running server an operator again', async () => {
    const env = { DATABASE_URL: join(dir, 'recovery.sqlite') };
    const server = await startCli(['--seed', DEV_SEED], env);
    const state = (await (await as(server.origin, 'dev-token', 'GET', '/_admin/state')).json()) as {
      data: State;
    };
    const devId = state.data.tokens?.find((token) => token.tokenHash === hashToken('dev-token'))?.id;
    expect((await as(server.origin, 'dev-token', 'DELETE', `/_admin/tokens/${devId}`)).status).toBe(200);
    expect((await as(server.origin, 'dev-token', 'GET', '/_admin/violations')).status).toBe(401);
    // Account 2's `*` token is only its account's admin: the server-wide view is out of its reach.
    expect((await as(server.origin, 'globex-token', 'GET', '/_admin/violations')).status).toBe(403);

    const created = runCli(['token', 'create', '--account', '1', '--operator', '--name', 'rescue'], env);
    expect(created.status, created.stderr).toBe(0);
    expect(created.stdout).toContain('(*,operator)');
    const token = created.stdout.trim().split('\n').at(-1) as string;
    const caller = await as(server.origin, token, 'GET', '/_admin/caller');
    expect(caller.status).toBe(200);
    expect(((await caller.json()) as { data: unknown }).data).toMatchObject({
      view: 'operator',
      tokenName: 'rescue',
    });
    expect((await as(server.origin, token, 'GET', '/_admin/violations')).status).toBe(200);
    const everything = (await (await as(server.origin, token, 'GET', '/_admin/state')).json()) as {
      data: State;
    };
    expect(everything.data.accounts?.map((account) => account.id)).toEqual([1, 2]);
  });
});
