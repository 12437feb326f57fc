/**
 * The bundle suites and the CLI suites test dist/, so a dist/ older than the sources would test code
 * that no longer exists: rebuild first when any source is newer than the bundle (turbo's `test`
 * already builds, so this only costs time after an edit outside turbo).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const OUTPUTS = ['dist/cli.js', 'dist/index.js', 'dist/engine-worker.js', 'dist/body-worker.js'];
const INPUTS = [
  'src',
  'drizzle',
  'tsup.config.ts',
  'tsconfig.build.json',
  'package.json',
  // The engines package's build, which the bundle inlines.
  'node_modules/@assistant-platform/engines/dist',
];

function newestMtime(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/** When the newest of what a build of the bundle reads last changed (ms since the epoch). */
export function newestSourceMtime(): number {
  return Math.max(...INPUTS.map((input) => newestMtime(join(ROOT, input))));
}

function isStale(): boolean {
  const outputs = OUTPUTS.map((file) => join(ROOT, file));
  if (!outputs.every((file) => existsSync(file))) return true;
  return newestSourceMtime() > Math.min(...outputs.map((file) => statSync(file).mtimeMs));
}

export function ensureFreshBuild(): void {
  if (!isStale()) return;
  const result = spawnSync('pnpm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('building the server failed');
}

/** Vitest globalSetup entry. */
export default function setup(): void {
  ensureFreshBuild();
}
