/**
 * The contract diff of a version against another: both documents (the platform's and the admin
 * API's), loaded from two folders holding `openapi.yaml` and `admin.yaml` (the repository's
 * `openapi/`, or a release's snapshot `openapi/released/<version>/`).
 */
import { join } from 'node:path';
import { type Bump, bumpFor, type Change } from './change.js';
import { diffDocument } from './document-diff.js';
import { CONTRACT_FILES, type ContractName, loadContract } from './load-contract.js';

export interface ContractDiff {
  /** What the base is (a version, or a folder). */
  base: string;
  changes: Change[];
  /** The changeset bump the changes ask for. */
  bump: Bump | 'none';
}

/** The changes from the contracts in `baseDir` to those in `currentDir`. */
export async function diffContracts(
  baseDir: string,
  currentDir: string,
  base = baseDir,
): Promise<ContractDiff> {
  const changes: Change[] = [];
  for (const [name, file] of Object.entries(CONTRACT_FILES) as [ContractName, string][]) {
    const [before, after] = await Promise.all([
      loadContract(join(baseDir, file)),
      loadContract(join(currentDir, file)),
    ]);
    changes.push(...diffDocument(name, before, after));
  }
  return { base, changes, bump: bumpFor(changes) };
}
