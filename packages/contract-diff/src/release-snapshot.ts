/**
 * The release step's two writes, run by `pnpm release:version` after `changeset version` has
 * moved the fixed group to its new version: both contracts' `info.version` set to that version
 * (the line rewritten in place, the YAML otherwise untouched), then, once generated and built,
 * the contracts and the API reports copied to `openapi/released/<version>/`: the baseline the next
 * diff and gate compare with.
 */
import { copyFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { API_REPORTS, reportPath } from './api-reports.js';
import { CONTRACT_FILES } from './load-contract.js';
import { RELEASED_DIR, type ReleaseRecord } from './released.js';
import { workspacePackages } from './workspace-packages.js';

/** The fixed group's version (the first package of .changeset/config.json's group). */
export async function groupVersion(root: string): Promise<string> {
  const config = JSON.parse(await readFile(join(root, '.changeset/config.json'), 'utf8')) as {
    fixed: string[][];
  };
  const first = config.fixed[0]?.[0];
  const { packages } = await workspacePackages(root);
  const version = first ? packages.get(first)?.version : undefined;
  if (!version) throw new Error('.changeset/config.json names no fixed group of this workspace');
  return version;
}

/** Sets `info.version` of both contracts to `version`. */
export async function setContractVersion(root: string, version: string): Promise<void> {
  for (const file of Object.values(CONTRACT_FILES)) {
    const path = join(root, 'openapi', file);
    const text = await readFile(path, 'utf8');
    const updated = text.replace(/^(info:\n(?:[ \t]+.*\n|\n)*?[ \t]+version:[ \t]*).*$/m, `$1${version}`);
    if (updated === text && !text.includes(`version: ${version}\n`))
      throw new Error(`${path}: no info.version line found`);
    await writeFile(path, updated);
  }
}

/** Copies the contracts and API reports to openapi/released/<version>/ with its release.json. */
export async function snapshotRelease(
  root: string,
  version: string,
  record: Partial<ReleaseRecord> = {},
): Promise<string> {
  const dir = join(root, RELEASED_DIR, version);
  await mkdir(join(dir, 'api'), { recursive: true });
  for (const file of Object.values(CONTRACT_FILES))
    await copyFile(join(root, 'openapi', file), join(dir, file));
  for (const report of API_REPORTS)
    await copyFile(reportPath(root, report), join(dir, 'api', `${report.name}.api.md`));
  await writeFile(join(dir, 'release.json'), `${JSON.stringify({ version, ...record }, null, 2)}\n`);
  return dir;
}
