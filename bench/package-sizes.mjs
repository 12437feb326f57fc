#!/usr/bin/env node
/**
 * What installing the published packages costs a product team: the gateway client and the reference
 * server, each packed as `pnpm pack` publishes it, installed with npm into an empty folder, then
 * measured (`du` of node_modules, and the packages in it, nested ones included), and the SDK's
 * min+gzip size (packages/client/scripts/measure-size.mjs). Goals: the server under 40 MB installed,
 * the gateway client under 5 MB, the SDK under 8 kB min+gzip.
 *
 *   pnpm build && node bench/package-sizes.mjs [gateway-client] [server] [sdk]
 *
 * A workspace package the measured one depends on is packed and installed beside it, as npm would
 * fetch it from the registry; everything else comes from the npm registry (or npm's cache). npm
 * installs peer dependencies itself, so the gateway client's install brings @trpc/client and
 * @trpc/server, and TypeScript, their own peer, which every TypeScript project already has: its
 * figure is printed with and without TypeScript. The server's install runs better-sqlite3's install
 * script: where no prebuilt binary can be downloaded it compiles SQLite (a minute or more), and the
 * compiler's intermediate files stay in its build/Release/obj* folders, so the figure is printed
 * with and without them. The largest packages of each install are listed.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('..', import.meta.url));

const TARGETS = {
  'gateway-client': 'packages/gateway-client',
  server: 'apps/server',
};

/** name → folder of every workspace package. */
async function workspacePackages() {
  const folders = {};
  for (const parent of ['packages', 'apps']) {
    for (const entry of await readdir(join(ROOT, parent))) {
      const manifest = join(ROOT, parent, entry, 'package.json');
      if (existsSync(manifest))
        folders[JSON.parse(await readFile(manifest, 'utf8')).name] = join(parent, entry);
    }
  }
  return folders;
}

/** The folder's package and the workspace packages it depends on at run time, recursively. */
async function withWorkspaceDependencies(folder, workspace, seen = new Set()) {
  if (seen.has(folder)) return seen;
  seen.add(folder);
  const { dependencies = {} } = JSON.parse(await readFile(join(ROOT, folder, 'package.json'), 'utf8'));
  for (const name of Object.keys(dependencies))
    if (workspace[name]) await withWorkspaceDependencies(workspace[name], workspace, seen);
  return seen;
}

async function pack(folder, destination) {
  const { stdout } = await run('pnpm', ['pack', '--pack-destination', destination], {
    cwd: join(ROOT, folder),
  });
  return stdout.trim().split('\n').at(-1);
}

/** Packages under a node_modules folder, nested node_modules included. */
async function countPackages(nodeModules) {
  let count = 0;
  for (const entry of await readdir(nodeModules, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name.startsWith('.')) continue;
    const names = entry.name.startsWith('@')
      ? (await readdir(join(nodeModules, entry.name))).map((name) => join(entry.name, name))
      : [entry.name];
    for (const name of names) {
      const folder = join(nodeModules, name);
      if (!existsSync(join(folder, 'package.json'))) continue;
      count += 1;
      if (existsSync(join(folder, 'node_modules')))
        count += await countPackages(join(folder, 'node_modules'));
    }
  }
  return count;
}

const megabytes = async (...paths) => {
  const present = paths.filter((path) => existsSync(path));
  if (present.length === 0) return 0;
  const { stdout } = await run('du', ['-skc', ...present]);
  return Number(stdout.trim().split('\n').at(-1).split('\t')[0]) / 1024;
};

/** Top-level packages (scoped ones by their full name) with their size, largest first. */
async function largest(nodeModules, count) {
  const sizes = [];
  for (const entry of await readdir(nodeModules)) {
    if (entry.startsWith('.')) continue;
    const names = entry.startsWith('@')
      ? (await readdir(join(nodeModules, entry))).map((name) => `${entry}/${name}`)
      : [entry];
    for (const name of names) sizes.push([name, await megabytes(join(nodeModules, name))]);
  }
  return sizes
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, size]) => `${name} ${size.toFixed(1)}`);
}

const round = (value) => Number(value.toFixed(1));

/**
 * The peer dependencies npm installed for a manifest, and theirs (tRPC's TypeScript and its
 * platform package): what a project that already uses them does not install again.
 */
async function peersOf(nodeModules, manifest, found = new Set()) {
  for (const name of Object.keys(manifest.peerDependencies ?? {})) {
    const installed = join(nodeModules, name, 'package.json');
    if (found.has(name) || !existsSync(installed)) continue;
    found.add(name);
    const peer = JSON.parse(await readFile(installed, 'utf8'));
    await peersOf(nodeModules, peer, found);
    for (const optional of Object.keys(peer.optionalDependencies ?? {}))
      if (existsSync(join(nodeModules, optional))) found.add(optional);
  }
  return [...found];
}

async function measureInstall(target) {
  const workspace = await workspacePackages();
  const folder = TARGETS[target];
  const scratch = await mkdtemp(join(tmpdir(), `package-size-${target}-`));
  try {
    const tarballs = [];
    for (const each of await withWorkspaceDependencies(folder, workspace))
      tarballs.push(await pack(each, scratch));
    const project = join(scratch, 'project');
    await run('mkdir', [project]);
    await writeFile(join(project, 'package.json'), '{ "name": "size-probe", "private": true }\n');
    const started = performance.now();
    await run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', ...tarballs], {
      cwd: project,
      maxBuffer: 64 * 1024 * 1024,
    });
    const seconds = (performance.now() - started) / 1000;
    const nodeModules = join(project, 'node_modules');
    const total = await megabytes(nodeModules);
    const typescript = await megabytes(join(nodeModules, 'typescript'), join(nodeModules, '@typescript'));
    const peers = await peersOf(
      nodeModules,
      JSON.parse(await readFile(join(ROOT, folder, 'package.json'), 'utf8')),
    );
    const peerSize = await megabytes(...peers.map((name) => join(nodeModules, name)));
    const release = join(nodeModules, 'better-sqlite3/build/Release');
    const compilerFiles = await megabytes(join(release, 'obj'), join(release, 'obj.target'));
    const { version } = JSON.parse(await readFile(join(ROOT, folder, 'package.json'), 'utf8'));
    return {
      package: `${target}@${version}`,
      packedWith: tarballs.length - 1,
      installedMB: round(total),
      ...(typescript > 0 ? { withoutTypeScriptMB: round(total - typescript) } : {}),
      ...(peerSize > 0 ? { withoutPeersMB: round(total - peerSize), peers } : {}),
      ...(compilerFiles > 0 ? { withoutCompilerFilesMB: round(total - compilerFiles) } : {}),
      packages: await countPackages(nodeModules),
      largestMB: await largest(nodeModules, 5),
      installSeconds: round(seconds),
    };
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

async function sdkSize() {
  const script = join(ROOT, 'packages/client/scripts/measure-size.mjs');
  const { stdout } = await run(process.execPath, [script]).catch((error) => error);
  return JSON.parse(stdout);
}

const requested = process.argv.slice(2);
const chosen = requested.length > 0 ? requested : [...Object.keys(TARGETS), 'sdk'];
for (const target of chosen) {
  if (target === 'sdk') {
    const sizes = await sdkSize();
    console.log(
      `sdk: ${sizes.own.gzipped} B min+gzip (${sizes.own.minified} B minified), budget ${sizes.budgetBytes} B`,
    );
  } else if (TARGETS[target]) {
    const result = await measureInstall(target);
    console.log(`${target}: ${JSON.stringify(result)}`);
  } else {
    console.error(`unknown target ${target}: choose among ${[...Object.keys(TARGETS), 'sdk'].join(', ')}`);
    process.exitCode = 1;
  }
}
