/**
 * The repository's root, where openapi/ and .changeset/ are: the nearest folder above the working
 * directory with a pnpm-workspace.yaml (pnpm runs a package's scripts in the package's folder).
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

export function repositoryRoot(from = process.cwd()): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'pnpm-workspace.yaml'))) return dir;
    if (dirname(dir) === dir) throw new Error(`No pnpm-workspace.yaml above ${from}`);
  }
}
