/**
 * Files the server's package ships beside its code, in its `dist/` (the build copies them there,
 * scripts/copy-assets.mjs): the console's pages, Swagger UI's, and the seeds a name such as
 * `--seed dev` loads. Found from this module by the package root (the nearest folder with a
 * package.json), so the sources and the bundle find the same files.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

let root: string | undefined;

function packageRoot(): string {
  if (root !== undefined) return root;
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  root = dir;
  return dir;
}

/** A path under the package's `dist/`, e.g. `packageFile('swagger-ui', 'swagger-ui.css')`. */
export function packageFile(...segments: string[]): string {
  return join(packageRoot(), 'dist', ...segments);
}

let version: string | undefined;

/** The package's version, from its package.json (read once). */
export function packageVersion(): string {
  version ??= (JSON.parse(readFileSync(join(packageRoot(), 'package.json'), 'utf8')) as { version: string })
    .version;
  return version;
}
