/**
 * A product team's fresh project that installs the packages by version from the rehearsal's
 * registry with npm (no tarballs, no workspace links), its sources copied in, compiled by its own
 * TypeScript when it has one.
 */
import { execFile } from 'node:child_process';
import { copyFile, mkdir, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { registryEnv } from './local-registry.js';

const run = promisify(execFile);

export interface ConsumerProject {
  dir: string;
  dependencies: Record<string, string>;
  devDependencies?: Record<string, string>;
  /** Source file → space-separated names it is copied to under src/ (a copy per module kind). */
  sources: { from: string; copies: Record<string, string> };
}

export async function installConsumer(project: ConsumerProject, npmrc: string): Promise<void> {
  const { dir, dependencies, devDependencies = {}, sources } = project;
  await mkdir(join(dir, 'src'), { recursive: true });
  const manifest = { name: 'consumer', private: true, type: 'module', dependencies, devDependencies };
  await writeFile(join(dir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  for (const [source, targets] of Object.entries(sources.copies))
    for (const target of targets.split(' '))
      await copyFile(join(sources.from, source), join(dir, 'src', target));
  for (const file of await readdir(sources.from))
    if (file.startsWith('tsconfig.')) await copyFile(join(sources.from, file), join(dir, file));
  await run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'], {
    cwd: dir,
    env: registryEnv(npmrc),
    maxBuffer: 16 * 1024 * 1024,
  });
}

/** The project's own tsc's diagnostics for one of its tsconfigs ('' when it compiles cleanly). */
export const compile = (dir: string, tsconfig: string) =>
  run(join(dir, 'node_modules/.bin/tsc'), ['-p', tsconfig], { cwd: dir }).then(
    ({ stdout }) => stdout,
    (error: { stdout?: string; message: string }) => error.stdout || error.message,
  );

/** Runs a file of the project with `env` and parses what it printed as JSON. */
export async function runConsumer(dir: string, file: string, env: Record<string, string>): Promise<unknown> {
  const { stdout } = await run(process.execPath, [join(dir, file)], { env: { ...process.env, ...env } });
  return JSON.parse(stdout);
}
