/**
 * `assistant-server parity` as a user runs it: the built CLI (so a fault of the bundle, such as the
 * in-process reference server failing to start from dist/, fails here), its flags and variables,
 * its exit codes, and a token that never reaches its output.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type ReferenceServer, startReferenceServer } from '../../src/index.js';
import type { ParityReport } from '../../src/parity/report.js';
import { ensureBuilt, freePort, runCliAsync, stopAllServers } from '../helpers/cli-process.js';
import { TEST_TOKENS } from '../helpers/fixtures.js';
import { startDeviatingServer } from './deviating-server.js';

const TOKEN = TEST_TOKENS.all;
/** No PARITY_* variable of the environment the tests run in may leak into a run. */
const CLEAN = {
  PARITY_TARGET: '',
  PARITY_TOKEN: '',
  PARITY_LOCAL: '',
  PARITY_LOCAL_TOKEN: '',
  PARITY_WORKSPACE_ID: '',
  PARITY_TRANSCRIPTION_ID: '',
  PARITY_TIMEOUT_MS: '',
};

let reference: ReferenceServer;
beforeAll(async () => {
  ensureBuilt();
  reference = await startReferenceServer();
}, 120_000);
afterEach(stopAllServers);
afterAll(() => reference.close());

describe('assistant-server parity', { timeout: 60_000 }, () => {
  it('exits 0 against a reference server, target and token from the environment, never printing the token', async () => {
    const result = await runCliAsync(['parity'], {
      ...CLEAN,
      PARITY_TARGET: reference.baseUrl,
      PARITY_TOKEN: TOKEN,
      PARITY_WORKSPACE_ID: '7',
      PARITY_TRANSCRIPTION_ID: '42',
    });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toContain(
      `Parity check of ${reference.baseUrl} (target) against in-process reference server`,
    );
    expect(result.stdout).toMatch(/^ok {4}embeddings {16}200 \| 200/m);
    expect(result.stdout).toContain('No differences in 11 steps; both sides keep the contract.');
    expect(result.stdout).not.toContain(TOKEN);
  });

  it('exits 1 on a deviation, --json --out writing the JSON report to the file', async () => {
    const deviating = await startDeviatingServer(reference.baseUrl, (x) =>
      x.headers['content-type']?.startsWith('text/event-stream')
        ? { body: x.body.replace('data: [DONE]\n\n', '') }
        : undefined,
    );
    const out = join(mkdtempSync(join(tmpdir(), 'parity-')), 'report.json');
    try {
      const result = await runCliAsync(
        ['parity', '--target', deviating.baseUrl, '--token', TOKEN, '--json', '--out', out],
        CLEAN,
      );
      expect(result.stderr).toBe('');
      expect(result.status).toBe(1);
      expect(result.stdout).toContain(`Wrote the parity report to ${out}: 1 difference in 1 of 11 steps;`);
      const report = JSON.parse(readFileSync(out, 'utf8')) as ParityReport;
      expect(report.ok).toBe(false);
      const stream = report.steps.find((step) => step.step === 'chat-stream');
      expect(stream?.differences).toEqual([expect.objectContaining({ kind: 'stream', path: 'end' })]);
      expect(readFileSync(out, 'utf8') + result.stdout).not.toContain(TOKEN);
    } finally {
      await deviating.close();
    }
  });

  it('exits 2 when the target cannot be reached, naming it and the flag, not the token', async () => {
    const target = `http://127.0.0.1:${await freePort()}/v1`;
    const result = await runCliAsync(['parity', '--target', target, '--token', TOKEN], CLEAN);
    expect(result.status).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(
      `Cannot reach the target ${target} (step create-agent, POST /agents/create): connect ECONNREFUSED`,
    );
    expect(result.stderr).toContain('Check --target or PARITY_TARGET.');
    expect(result.stderr).not.toContain(TOKEN);
  });

  it('exits 2 on wrong arguments, naming the flag and its variable', async () => {
    const missing = await runCliAsync(['parity', '--target', reference.baseUrl], CLEAN);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain(
      'Cannot run the parity check:\n  PARITY_TOKEN: is required (give --token <token>)',
    );

    const noVersion = await runCliAsync(
      ['parity', '--target', reference.url, '--token', TOKEN, '--workspace-id', '7'],
      CLEAN,
    );
    expect(noVersion.status).toBe(2);
    expect(noVersion.stderr).toContain('PARITY_TARGET: --target: must be the API root, ending in /v1');
    expect(noVersion.stderr).toContain(
      'PARITY_WORKSPACE_ID: the transcription edit needs both --workspace-id and --transcription-id',
    );
    expect(noVersion.stderr + noVersion.stdout).not.toContain(TOKEN);

    const unknown = await runCliAsync(['parity', '--colour', 'blue'], CLEAN);
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain("unknown option '--colour'");
  });
});
