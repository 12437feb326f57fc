import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const script = fileURLToPath(new URL('../scripts/generate.mjs', import.meta.url));
const contract = fileURLToPath(new URL('../../../openapi/openapi.yaml', import.meta.url));
const workDir = await mkdtemp(join(tmpdir(), 'types-drift-'));

afterAll(() => rm(workDir, { recursive: true, force: true }));

// Each case runs the generator in a child process; on a loaded 2-core machine that can take several seconds.
describe('the generated-types drift check', { timeout: 60_000 }, () => {
  it('passes when the committed output matches the contract', async () => {
    const { stdout } = await run(process.execPath, [script, '--check']);
    expect(stdout).toContain('Generated types match the contracts in openapi/');
  });

  it('fails, naming the stale file, when a schema changes without regenerating', async () => {
    const changed = (await readFile(contract, 'utf8')).replace(
      'enum: [minimal, low, medium, high]',
      'enum: [minimal, low, medium, high, extreme]',
    );
    const changedPath = join(workDir, 'openapi.yaml');
    await writeFile(changedPath, changed);
    const result = await run(process.execPath, [script, '--check', `--spec=${changedPath}`]).catch(
      (error) => error,
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/out of date[\s\S]*src\/generated\/openapi\.ts/);
  });
});
