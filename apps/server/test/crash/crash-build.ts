/**
 * The fault-test build: the package's bundle (tsup.config.ts's own options) with its crash points
 * compiled in (`globalThis.__ASSISTANT_CRASH_POINTS__` defined true, see src/pipeline/crash-points.ts),
 * under node_modules/.cache so it resolves the package's dependencies and migrations as dist/ does,
 * and never ships. Rebuilt when a source is newer than it; each suite builds its own folder, so
 * suites running at once never write over each other's.
 */
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'tsup';
import { bundleOptions } from '../../tsup.config.js';
import { newestSourceMtime } from '../helpers/fresh-build.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Builds (when stale) the crashable bundle for `suite` and returns its CLI's path. */
export async function crashableCli(suite: string): Promise<string> {
  // A package of its own: the CLI reads its version from ../package.json, as dist/cli.js does.
  const packageDir = join(ROOT, 'node_modules', '.cache', 'crash-build', suite);
  const outDir = join(packageDir, 'dist');
  const cli = join(outDir, 'cli.js');
  const built = existsSync(cli) ? statSync(cli).mtimeMs : 0;
  if (newestSourceMtime() > built) {
    await build({
      ...bundleOptions,
      entry: Object.fromEntries(
        Object.entries(bundleOptions.entry).map(([name, path]) => [name, join(ROOT, path)]),
      ),
      outDir,
      clean: true,
      config: false,
      silent: true,
      tsconfig: join(ROOT, 'tsconfig.build.json'),
      // The State schema compiles at start-up here: this build does not need the generated validator.
      define: {
        'globalThis.__ASSISTANT_CRASH_POINTS__': 'true',
        'globalThis.__ASSISTANT_PRECOMPILED_VALIDATORS__': 'false',
      },
    });
    const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
    writeFileSync(
      join(packageDir, 'package.json'),
      JSON.stringify({ name: 'assistant-server-crash-build', version, private: true, type: 'module' }),
    );
  }
  return cli;
}
