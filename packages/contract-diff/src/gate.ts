/**
 * The release gate `pnpm test` runs: what changed since the last release — the contracts
 * (contract-diff.ts) and the published packages' API reports (api-report-diff.ts) — asks for a
 * bump, and the pending changesets must give the fixed group at least that bump. It also holds the
 * one version story: both contracts' `info.version` is the fixed group's version, which is the
 * last release kept in openapi/released/ (changeset version and the release step move them together).
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import getReleasePlan from '@changesets/get-release-plan';
import { parse } from 'yaml';
import { diffApiReport } from './api-report-diff.js';
import { API_REPORTS, readApiReport } from './api-reports.js';
import { type Bump, bumpCovers, bumpFor, type Change, maxBump } from './change.js';
import { diffContracts } from './contract-diff.js';
import { CONTRACT_FILES } from './load-contract.js';
import { lastRelease, RELEASED_DIR } from './released.js';

export interface GateResult {
  release: string;
  contract: Change[];
  api: Change[];
  /** The bump the changes ask for, and the one the pending changesets give the fixed group. */
  needed: Bump | 'none';
  given: Bump | 'none';
  /** Why the gate fails; empty when it passes. */
  failures: string[];
}

/** The fixed group's packages and their versions, from .changeset/config.json and package.json. */
async function fixedGroup(root: string): Promise<Map<string, string>> {
  const config = JSON.parse(await readFile(join(root, '.changeset/config.json'), 'utf8')) as {
    fixed: string[][];
  };
  const group = config.fixed[0] ?? [];
  const { packages } = await import('./workspace-packages.js').then((module) =>
    module.workspacePackages(root),
  );
  return new Map(group.map((name) => [name, packages.get(name)?.version ?? 'missing']));
}

export async function runGate(root: string): Promise<GateResult> {
  const release = await lastRelease(root);
  const releasedDir = join(root, RELEASED_DIR, release);
  const failures: string[] = [];

  const group = await fixedGroup(root);
  const versions = [...new Set(group.values())];
  if (versions.length !== 1)
    failures.push(
      `the fixed group's packages have different versions: ${[...group].map(([name, version]) => `${name}@${version}`).join(', ')}`,
    );
  for (const file of Object.values(CONTRACT_FILES)) {
    const { info } = parse(await readFile(join(root, 'openapi', file), 'utf8')) as {
      info: { version: string };
    };
    if (!versions.includes(info.version))
      failures.push(
        `openapi/${file}'s info.version is ${info.version}, the packages' version ${versions.join('/')}`,
      );
  }
  if (!versions.includes(release))
    failures.push(
      `the last release kept in ${RELEASED_DIR}/ is ${release}, the packages' version ${versions.join('/')}: run the release step (RELEASING.md)`,
    );

  const contract = (await diffContracts(releasedDir, join(root, 'openapi'), release)).changes;
  const api: Change[] = [];
  for (const report of API_REPORTS) {
    const before = await readFile(join(releasedDir, 'api', `${report.name}.api.md`), 'utf8').catch(
      () => undefined,
    );
    if (before === undefined) {
      failures.push(`${RELEASED_DIR}/${release}/api/${report.name}.api.md is missing`);
      continue;
    }
    api.push(...diffApiReport(report.name, before, await readApiReport(root, report)));
  }

  const plan = await getReleasePlan(root);
  const given = plan.releases
    .filter((entry) => group.has(entry.name))
    .reduce<Bump | 'none'>((bump, entry) => maxBump(bump, entry.type), 'none');
  const needed = maxBump(bumpFor(contract), bumpFor(api));
  if (!bumpCovers(given, needed)) {
    failures.push(
      `the changes since ${release} ask for a ${needed} bump, the pending changesets give ${given === 'none' ? 'none' : `a ${given}`}: ` +
        `add a changeset (pnpm changeset) of type ${needed} for the fixed group, describing them`,
    );
  }
  return { release, contract, api, needed, given, failures };
}
