#!/usr/bin/env node
/**
 * `pnpm check:packages`: every published workspace package (each one not `private`), packed as
 * `pnpm pack` publishes it, must pass publint --strict and arethetypeswrong. A package is checked
 * for every module resolution (ESM and CommonJS, node10, node16, bundler) unless it is listed in
 * ESM_ONLY with the reason it ships ES modules only; for those, attw's `esm-only` profile checks the
 * ESM resolutions and ignores the CommonJS ones. Run by `pnpm test` after the build.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const bin = (name) => join(ROOT, 'node_modules/.bin', name);

/** Packages that ship ES modules only, and why; every other published package ships both. */
const ESM_ONLY = {
  '@assistant-platform/server':
    'a CLI whose library entries (build, startReferenceServer) run a Fastify app with worker threads; a CommonJS copy would double its bundle (the tokenizer tables alone are 3 MB), and CommonJS code can load it with import()',
  '@assistant-platform/gateway':
    'a service and its CLI; product code calls it with @assistant-platform/gateway-client',
  '@assistant-platform/service-kit':
    "the server's and the gateway's shared Fastify plugins, used only by those two",
};

async function publishedPackages() {
  const found = [];
  for (const parent of ['packages', 'apps']) {
    for (const entry of await readdir(join(ROOT, parent))) {
      const folder = join(ROOT, parent, entry);
      if (!existsSync(join(folder, 'package.json'))) continue;
      const manifest = JSON.parse(await readFile(join(folder, 'package.json'), 'utf8'));
      if (!manifest.private) found.push({ name: manifest.name, folder });
    }
  }
  return found;
}

async function check({ name, folder }, scratch) {
  const destination = await mkdtemp(join(scratch, 'pack-'));
  await run('pnpm', ['pack', '--pack-destination', destination], { cwd: folder });
  const tarball = join(
    destination,
    (await readdir(destination)).find((file) => file.endsWith('.tgz')),
  );
  const profile = ESM_ONLY[name] ? 'esm-only' : 'strict';
  const problems = [];
  for (const [tool, args] of [
    ['publint', ['run', tarball, '--strict']],
    ['attw', [tarball, '--profile', profile, '--format', 'ascii']],
  ]) {
    await run(bin(tool), args, { cwd: folder, maxBuffer: 16 * 1024 * 1024 }).catch((error) => {
      problems.push(`${tool}:\n${error.stdout ?? ''}${error.stderr ?? ''}`.trim());
    });
  }
  return { name, profile, problems };
}

const packages = await publishedPackages();
const unknown = Object.keys(ESM_ONLY).filter((name) => !packages.some((each) => each.name === name));
if (unknown.length > 0)
  throw new Error(`ESM_ONLY names packages that are not published: ${unknown.join(', ')}`);
const scratch = await mkdtemp(join(tmpdir(), 'check-packages-'));
try {
  // Two at a time: each check is a few seconds of one core.
  const results = [];
  const queue = [...packages];
  await Promise.all(
    [0, 1].map(async () => {
      for (let next = queue.shift(); next; next = queue.shift()) results.push(await check(next, scratch));
    }),
  );
  results.sort((a, b) => a.name.localeCompare(b.name));
  for (const { name, profile, problems } of results) {
    console.log(`${problems.length === 0 ? 'ok  ' : 'FAIL'} ${name} (publint --strict, attw ${profile})`);
    for (const problem of problems) console.log(problem.replace(/^/gm, '     '));
  }
  if (results.some((result) => result.problems.length > 0)) process.exitCode = 1;
} finally {
  await rm(scratch, { recursive: true, force: true });
}
