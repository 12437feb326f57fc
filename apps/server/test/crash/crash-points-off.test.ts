/**
 * The crash points exist only in the fault-test build: the package's bundle (dist/, what npm
 * ships and `pnpm start` runs) contains none of their code, and its CLI asked to crash at each point
 * answers as usual and keeps running.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { ensureBuilt, type RunningServer, startCli, stopAllServers } from '../helpers/cli-process.js';
import { TEST_TOKENS } from '../helpers/fixtures.js';

const DIST = fileURLToPath(new URL('../../dist', import.meta.url));
afterAll(stopAllServers);

describe('the crash points in the package', { timeout: 120_000 }, () => {
  it('are compiled out of every file of the bundle', () => {
    ensureBuilt();
    const files = readdirSync(DIST).filter((file) => file.endsWith('.js'));
    expect(files.length).toBeGreaterThan(5);
    const carrying = files.filter((file) =>
      /x-crash-at|x-crash-batch|__ASSISTANT_CRASH_POINTS__|process\.kill\(process\.pid/.test(
        readFileSync(join(DIST, file), 'utf8'),
      ),
    );
    expect(carrying).toEqual([]);
  });

  it('leave the built CLI answering a create that asks to crash at each point', async () => {
    ensureBuilt();
    const server: RunningServer = await startCli(['--dev-token', TEST_TOKENS.all], {
      DATABASE_URL: ':memory:',
    });
    for (const point of ['before-commit', 'after-commit', 'mid-answer']) {
      const answer = await fetch(`${server.origin}/v1/agents/create`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${TEST_TOKENS.all}`,
          'content-type': 'application/json',
          'idempotency-key': `asks-to-crash-${point}`,
          'x-crash-at': point,
        },
        body: JSON.stringify({ name: `Asks to crash ${point}`, instruction: 'x' }),
      });
      expect(answer.status).toBe(201);
      expect(await answer.json()).toMatchObject({ success: true });
    }
    expect(server.child.exitCode).toBeNull();
    expect(server.child.signalCode).toBeNull();
  });
});
