#!/usr/bin/env node
/**
 * The build step of `pnpm start`: turbo builds what changed since the last build (everything, the
 * first time). It says so first, since the first build takes about a minute with nothing else on
 * screen, and says what to do when it fails.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const built = ['apps/server/dist/cli.js', 'apps/gateway/dist/cli.js'].every((file) =>
  existsSync(new URL(`../${file}`, import.meta.url)),
);
console.log(
  built
    ? 'Building what changed since the last build…'
    : 'Building the packages; the first time takes about a minute…',
);
const started = performance.now();
// `pnpm start` puts the workspace's node_modules/.bin, and so turbo, on the PATH.
const result = spawnSync('turbo', ['run', 'build', '--output-logs=errors-only'], {
  cwd: new URL('../', import.meta.url),
  stdio: 'inherit',
});
if (result.status !== 0) {
  console.error(
    result.error
      ? `Could not run turbo (${result.error.message}): start with \`pnpm start\` after \`pnpm install\`.`
      : 'The build failed (see above); nothing was started.',
  );
  process.exit(1);
}
console.log(`Built in ${Math.round((performance.now() - started) / 1000)} s.`);
