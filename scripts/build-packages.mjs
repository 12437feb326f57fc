/**
 * The build step of `pnpm start`: turbo builds what changed since the last build (everything, the
 * first time). It says so first, since the first build takes about a minute with nothing else on
 * screen, and says what to do when it fails. Asynchronous, so the caller's signal handlers and
 * parent watch keep working while it builds.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';

/**
 * Builds the workspace; resolves true when it built, false (having said why) when it failed.
 * Aborting `signal` stops turbo.
 */
export async function buildPackages(signal) {
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
  const child = spawn('turbo', ['run', 'build', '--output-logs=errors-only'], {
    cwd: new URL('../', import.meta.url),
    stdio: 'inherit',
    signal,
  });
  const outcome = await new Promise((resolve) => {
    child.once('error', (error) => resolve({ error }));
    child.once('exit', (code) => resolve({ code }));
  });
  if (signal?.aborted) return false;
  if (outcome.code !== 0) {
    console.error(
      outcome.error
        ? `Could not run turbo (${outcome.error.message}): start with \`pnpm start\` after \`pnpm install\`.`
        : 'The build failed (see above); nothing was started.',
    );
    return false;
  }
  console.log(`Built in ${Math.round((performance.now() - started) / 1000)} s.`);
  return true;
}
