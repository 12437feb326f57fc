/**
 * The pool suites start workers from dist/, so a dist/ older than the sources would test code that no
 * longer exists: rebuild first when any source is newer than the worker (turbo's `test` already
 * builds, so this only costs time after an edit outside turbo).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const WORKER = join(ROOT, 'dist/pool/engine-worker.js');

function newestMtime(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/** Vitest globalSetup entry. */
export default function setup(): void {
  if (existsSync(WORKER) && newestMtime(join(ROOT, 'src')) <= statSync(WORKER).mtimeMs) return;
  const result = spawnSync('pnpm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('building the engines package failed');
}
