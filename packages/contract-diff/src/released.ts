/**
 * The releases the repository keeps: `openapi/released/<version>/` holds the contracts as that
 * version released them (and the packages' API reports), written by the release step
 * (release-snapshot.ts). The last release is the highest version there.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

export const RELEASED_DIR = 'openapi/released';

const parts = (version: string) => version.split(/[.-]/).map((part) => Number.parseInt(part, 10) || 0);

/** Compares two `x.y.z` versions (pre-release tags not used by this project). */
export function compareVersions(a: string, b: string): number {
  const [pa, pb] = [parts(a), parts(b)];
  for (let index = 0; index < 3; index++) {
    const difference = (pa[index] ?? 0) - (pb[index] ?? 0);
    if (difference !== 0) return difference;
  }
  return 0;
}

/** The released versions, oldest first. */
export async function releasedVersions(root: string): Promise<string[]> {
  const entries = await readdir(join(root, RELEASED_DIR), { withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isDirectory() && /^\d+\.\d+\.\d+$/.test(entry.name))
    .map((entry) => entry.name)
    .sort(compareVersions);
}

/** The last release's version; fails when none is kept. */
export async function lastRelease(root: string): Promise<string> {
  const versions = await releasedVersions(root);
  const last = versions.at(-1);
  if (!last) throw new Error(`No release is kept in ${RELEASED_DIR}/: see RELEASING.md`);
  return last;
}

/** What the release step recorded of a release (`release.json`): its commit, for the rehearsal. */
export interface ReleaseRecord {
  version: string;
  /** The commit whose packages are this release. */
  commit?: string;
  note?: string;
}

export async function releaseRecord(root: string, version: string): Promise<ReleaseRecord> {
  const text = await readFile(join(root, RELEASED_DIR, version, 'release.json'), 'utf8').catch(
    () => undefined,
  );
  return text ? (JSON.parse(text) as ReleaseRecord) : { version };
}
