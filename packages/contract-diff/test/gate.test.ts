/**
 * The release gate on a copy of this repository's release inputs (contracts, the last release,
 * API reports, package manifests, changesets config) with a deliberately breaking change: it fails
 * without a changeset of a major bump and passes with one; an API report that lost a declaration
 * asks for a major too; a contract whose info.version is not the packages' version fails.
 */
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { API_REPORTS, reportPath } from '../src/api-reports.js';
import { runGate } from '../src/gate.js';
import { lastRelease } from '../src/released.js';
import { workspacePackages } from '../src/workspace-packages.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
let root: string;

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'gate-'));
  for (const path of ['openapi', 'package.json', 'pnpm-workspace.yaml', '.changeset/config.json']) {
    await cp(join(ROOT, path), join(root, path), { recursive: true });
  }
  const { packages } = await workspacePackages(ROOT);
  for (const { dir } of packages.values())
    await cp(join(ROOT, dir, 'package.json'), join(root, dir, 'package.json'));
  // The current reports are the last release's: the gate starts from "nothing changed".
  const release = await lastRelease(ROOT);
  for (const report of API_REPORTS) {
    await mkdir(dirname(reportPath(root, report)), { recursive: true });
    await cp(
      join(ROOT, 'openapi/released', release, 'api', `${report.name}.api.md`),
      reportPath(root, report),
    );
  }
  // The contracts as released, with the current info.version (the packages' version).
  for (const file of ['openapi.yaml', 'admin.yaml'])
    await cp(join(ROOT, 'openapi/released', release, file), join(root, 'openapi', file));
});
afterEach(() => rm(root, { recursive: true, force: true }));

const changeset = (name: string, bump: string) =>
  writeFile(
    join(root, '.changeset', `${name}.md`),
    `---\n"@assistant-platform/client": ${bump}\n---\n\nA change.\n`,
  );

/** Removes the platform contract's first operation: a change that breaks its clients. */
async function removeAnOperation(): Promise<string> {
  const file = join(root, 'openapi/openapi.yaml');
  const document = parse(await readFile(file, 'utf8'));
  const path = Object.keys(document.paths)[0] as string;
  delete document.paths[path];
  await writeFile(file, stringify(document));
  return path;
}

describe('the release gate', () => {
  it('passes when nothing changed since the last release', async () => {
    const result = await runGate(root);
    expect(result).toMatchObject({ needed: 'none', given: 'none', failures: [] });
  });

  it('fails a breaking contract change without a major changeset, and passes it with one', async () => {
    const path = await removeAnOperation();
    const failed = await runGate(root);
    expect(failed.contract).toContainEqual(
      expect.objectContaining({
        rule: 'operation-removed',
        level: 'breaking',
        where: expect.stringContaining(path),
      }),
    );
    expect(failed.needed).toBe('major');
    expect(failed.failures.join('\n')).toMatch(/ask for a major bump, the pending changesets give none/);

    await changeset('a-minor-one', 'minor');
    expect((await runGate(root)).failures.join('\n')).toMatch(
      /ask for a major bump, the pending changesets give a minor/,
    );

    await changeset('the-major-one', 'major');
    expect(await runGate(root)).toMatchObject({ needed: 'major', given: 'major', failures: [] });
  });

  it('asks a minor bump for an added operation, and a patch for words', async () => {
    const file = join(root, 'openapi/openapi.yaml');
    const document = parse(await readFile(file, 'utf8'));
    document.info.description = `${document.info.description}\nMore words.`;
    await writeFile(file, stringify(document));
    expect((await runGate(root)).needed).toBe('patch');
    document.paths['/new-thing'] = {
      get: {
        operationId: 'newThing',
        security: [{ bearerAuth: ['*'] }],
        responses: { '204': { description: 'Done.' } },
      },
    };
    await writeFile(file, stringify(document));
    const result = await runGate(root);
    expect(result.needed).toBe('minor');
    await changeset('patch-only', 'patch');
    expect((await runGate(root)).failures).toHaveLength(1);
  });

  it('asks a major bump for an export removed from an API report', async () => {
    const report = API_REPORTS.find((entry) => entry.name === 'client')!;
    const text = await readFile(reportPath(root, report), 'utf8');
    const removed = /\n\/\/ @public[^\n]*\nexport class (\w+)[\s\S]*?\n}\n/.exec(text);
    expect(removed).not.toBeNull();
    await writeFile(reportPath(root, report), text.replace(removed![0], '\n'));
    const result = await runGate(root);
    expect(result.api).toContainEqual(
      expect.objectContaining({ rule: 'api-removed', level: 'breaking', document: 'client' }),
    );
    expect(result.needed).toBe('major');
  });

  it("fails when a contract's info.version is not the packages' version", async () => {
    const file = join(root, 'openapi/admin.yaml');
    await writeFile(
      file,
      (await readFile(file, 'utf8')).replace(/^(info:\n(?:\s+.*\n)*?\s+version:\s*).*$/m, '$19.9.9'),
    );
    expect((await runGate(root)).failures.join('\n')).toMatch(/admin\.yaml's info\.version is 9\.9\.9/);
  });
});
