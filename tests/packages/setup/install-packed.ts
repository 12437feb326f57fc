/**
 * Packs the published packages as `pnpm pack` publishes them and installs the tarballs with npm, as
 * a product team's project would, once for every suite of this project, into two fresh projects:
 * - consumer/: types, client and gateway-client, the tRPC peers and TypeScript at the versions this
 *   workspace builds with (as a team's project has its own), and ../consumer's sources copied in as
 *   ESM, CommonJS and bundler-resolved files;
 * - server/: the server alone (and TypeScript), with ../server-consumer's sources;
 * - gateway/: the gateway client alone, its tRPC peers, TypeScript and @types/node, with
 *   ../gateway-consumer's sources: a Node project without DOM types, as the client's README has it.
 * Each project is type-checked by its own TypeScript.
 *
 * npm takes third-party packages from its cache when it has them (--prefer-offline), else from the
 * registry. The server's install skips install scripts: better-sqlite3's would compile SQLite
 * wherever no prebuilt binary can be downloaded (a minute on a 2-core machine); instead the binding
 * this workspace already compiled for the same version and Node is copied to where that compile
 * puts it. When npm can reach neither the registry nor a cached copy, every suite skips, saying so.
 */
import { execFile } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { TestProject } from 'vitest/node';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const HERE = fileURLToPath(new URL('../', import.meta.url));

export interface Packed {
  /** Why the suites cannot run here; unset when the projects are installed. */
  skipReason?: string;
  consumerDir: string;
  serverDir: string;
  gatewayDir: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    packed: Packed;
  }
}

const PACKED = {
  '@assistant-platform/types': 'packages/types',
  '@assistant-platform/client': 'packages/client',
  '@assistant-platform/gateway-client': 'packages/gateway-client',
  '@assistant-platform/server': 'apps/server',
};
type PackedName = keyof typeof PACKED;

async function pack(folder: string, destination: string): Promise<string> {
  const { stdout } = await run('pnpm', ['pack', '--pack-destination', destination], {
    cwd: join(ROOT, folder),
  });
  return stdout.trim().split('\n').at(-1) as string;
}

/** The version of a package this workspace installed (from the gateway client's dependencies). */
async function workspaceVersion(name: string): Promise<string> {
  const fromClient = createRequire(join(ROOT, 'packages/gateway-client/package.json'));
  return JSON.parse(await readFile(fromClient.resolve(`${name}/package.json`), 'utf8')).version;
}

async function writeProject(
  dir: string,
  dependencies: Record<string, string>,
  devDependencies: Record<string, string>,
): Promise<void> {
  await mkdir(join(dir, 'src'), { recursive: true });
  const manifest = { name: 'consumer', private: true, type: 'module', dependencies, devDependencies };
  await writeFile(join(dir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
}

async function npmInstall(dir: string, extra: string[] = []): Promise<void> {
  await run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error', ...extra], {
    cwd: dir,
    maxBuffer: 16 * 1024 * 1024,
  });
}

/** Whether npm can reach its registry (`npm ping`), asked once an install has failed. */
const registryReachable = () =>
  run('npm', ['ping', '--loglevel=error'], { timeout: 30_000 }).then(
    () => true,
    () => false,
  );

/** The copies each fixture source makes: one per module kind or resolution under test. */
async function copySources(from: string, to: string, copies: Record<string, string>): Promise<void> {
  for (const [source, targets] of Object.entries(copies))
    for (const target of targets.split(' ')) await copyFile(join(from, source), join(to, 'src', target));
  for (const file of await readdir(from))
    if (file.startsWith('tsconfig.')) await copyFile(join(from, file), join(to, file));
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  for (const folder of Object.values(PACKED))
    if (!(await readdir(join(ROOT, folder, 'dist')).catch(() => [])).length)
      throw new Error(`Build first (pnpm build): ${folder}/dist is missing`);

  const scratch = await mkdtemp(join(tmpdir(), 'packed-'));
  const tarballs = join(scratch, 'tarballs');
  await mkdir(tarballs);
  const files = {} as Record<PackedName, string>;
  for (const [name, folder] of Object.entries(PACKED))
    files[name as PackedName] = await pack(folder, tarballs);
  const spec = (name: PackedName) => `file:${files[name]}`;

  const consumerDir = join(scratch, 'consumer');
  const serverDir = join(scratch, 'server');
  const gatewayDir = join(scratch, 'gateway');
  const typescript = { typescript: await workspaceVersion('typescript') };
  await writeProject(
    consumerDir,
    {
      '@assistant-platform/types': spec('@assistant-platform/types'),
      '@assistant-platform/client': spec('@assistant-platform/client'),
      '@assistant-platform/gateway-client': spec('@assistant-platform/gateway-client'),
      '@trpc/client': await workspaceVersion('@trpc/client'),
      '@trpc/server': await workspaceVersion('@trpc/server'),
    },
    typescript,
  );
  await writeProject(
    serverDir,
    { '@assistant-platform/server': spec('@assistant-platform/server') },
    typescript,
  );
  await writeProject(
    gatewayDir,
    {
      '@assistant-platform/gateway-client': spec('@assistant-platform/gateway-client'),
      '@trpc/client': await workspaceVersion('@trpc/client'),
      '@trpc/server': await workspaceVersion('@trpc/server'),
    },
    { ...typescript, '@types/node': await workspaceVersion('@types/node') },
  );
  await copySources(join(HERE, 'gateway-consumer'), gatewayDir, {
    'use-gateway.ts': 'use-gateway.ts',
    'request-info.d.ts': 'request-info.d.ts',
  });
  await copySources(join(HERE, 'consumer'), consumerDir, {
    'use.ts': 'use.mts use.cts use-bundler.ts',
  });
  await copySources(join(HERE, 'server-consumer'), serverDir, {
    'use-testing.ts': 'use-testing.mts use-testing.cts use-testing.ts',
  });

  let skipReason: string | undefined;
  try {
    await Promise.all([
      npmInstall(consumerDir),
      npmInstall(serverDir, ['--ignore-scripts']),
      npmInstall(gatewayDir),
    ]);
    await provideNativeBinding(serverDir);
  } catch (error) {
    // An install that failed while the registry answers is a failure of what is under test.
    if (await registryReachable()) throw error;
    skipReason = `npm cannot reach its registry and its cache lacks a dependency (${(error as Error).message.split('\n')[0]})`;
    console.warn(`tests/packages: skipped, ${skipReason}`);
  }

  project.provide('packed', { consumerDir, serverDir, gatewayDir, ...(skipReason ? { skipReason } : {}) });
  return () => rm(scratch, { recursive: true, force: true });
}

/** better-sqlite3's compiled binding, from this workspace's install of the same version. */
async function provideNativeBinding(serverDir: string): Promise<void> {
  const fromServer = createRequire(join(ROOT, 'apps/server/package.json'));
  const built = dirname(fromServer.resolve('better-sqlite3/package.json'));
  const installed = join(serverDir, 'node_modules/better-sqlite3');
  const version = async (dir: string) =>
    JSON.parse(await readFile(join(dir, 'package.json'), 'utf8')).version;
  if ((await version(built)) !== (await version(installed)))
    throw new Error('the server installed another better-sqlite3 than this workspace built');
  await mkdir(join(installed, 'build/Release'), { recursive: true });
  await copyFile(
    join(built, 'build/Release/better_sqlite3.node'),
    join(installed, 'build/Release/better_sqlite3.node'),
  );
}
