// Shared by the benchmarks that map what ran back to the server's source files.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const SERVER = fileURLToPath(new URL('../apps/server', import.meta.url));

/**
 * The server's bundle as `pnpm build` makes it (tsup.config.ts), plus source maps, in a package
 * folder of its own under the server's node_modules/.cache, so it resolves the same dependencies
 * and migrations as dist/ does and never ships. Returns the folder of its entries (cli.js, index.js).
 */
export function buildWithSourceMaps() {
  const packageDir = join(SERVER, 'node_modules', '.cache', 'profile-build');
  const outDir = join(packageDir, 'dist');
  const built = spawnSync(
    join(SERVER, 'node_modules', '.bin', 'tsup'),
    ['--sourcemap', '--out-dir', outDir, '--silent'],
    { cwd: SERVER, stdio: 'inherit' },
  );
  if (built.status !== 0) throw new Error(`the profile build failed (${built.status})`);
  const { version } = JSON.parse(readFileSync(join(SERVER, 'package.json'), 'utf8'));
  writeFileSync(
    join(packageDir, 'package.json'),
    JSON.stringify({ name: 'profile-build', version, type: 'module' }),
  );
  return outDir;
}
