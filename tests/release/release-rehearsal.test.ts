/**
 * The release, rehearsed end to end as RELEASING.md tells a maintainer, on copies, never on the
 * working tree: the previous release (the commit openapi/released/<last>/release.json names, or
 * the one that added that folder) is built and published into a local Verdaccio (setup/), then a
 * copy of the working tree runs `pnpm release:version` (changeset version, info.version, generate,
 * build, API reports, the release snapshot) and `pnpm publish -r` into the same registry. Fresh
 * ESM and CommonJS projects install the new packages by version from it and run against a real
 * server and gateway of this workspace, and a project of the previous SDK runs against the same
 * current server. Skipped (saying why) when npm cannot reach a registry for third-party packages,
 * or git lacks the previous release's commit, except under CI=true, where that fails. It takes a
 * few minutes (the copy is built as a release builds it), so it is not part of `pnpm test`: CI
 * (.ci/run) runs it beside the other suites, as it runs the Docker suite.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { lastRelease, releaseRecord } from '@assistant-platform/contract-diff/released';
import { defineConfig, type RunningGateway, startGateway } from '@assistant-platform/gateway';
import { type ReferenceServer, startReferenceServer } from '@assistant-platform/server';
import { TEST_TOKENS } from '@assistant-platform/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compile, installConsumer, runConsumer } from './setup/consumer-project.js';
import { type LocalRegistry, registryEnv, startLocalRegistry } from './setup/local-registry.js';
import { checkoutRelease, copyWorkingTree, hasCommit } from './setup/working-copies.js';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const HERE = fileURLToPath(new URL('./', import.meta.url));
const PUBLISHED = ['types', 'client', 'gateway-client', 'engines', 'server', 'gateway', 'service-kit'];

/** Every workspace package folder (their node_modules are linked into the copies). */
async function packageDirs(root: string): Promise<string[]> {
  const { stdout } = await run('pnpm', ['ls', '-r', '--depth', '-1', '--json'], {
    cwd: root,
    maxBuffer: 16 * 1024 * 1024,
  });
  return (JSON.parse(stdout) as { path: string }[])
    .map((entry) => entry.path.slice(root.length))
    .filter(Boolean);
}

const version = async (dir: string) =>
  JSON.parse(await readFile(join(dir, 'package.json'), 'utf8')).version as string;

// Tracked files only: CI runs the rehearsal beside the other suites, which may write files of
// their own; what the release would write in the tree is tracked, or its new release folder.
const gitStatus = () =>
  run('git', ['status', '--porcelain', '--untracked-files=no'], { cwd: ROOT }).then(({ stdout }) => stdout);

let skipReason: string | undefined;
const previousRelease = await lastRelease(ROOT);
const record = await releaseRecord(ROOT, previousRelease);
const previousCommit =
  record.commit ??
  (
    await run('git', ['log', '-1', '--format=%H', '--', `openapi/released/${previousRelease}`], { cwd: ROOT })
  ).stdout.trim();
if (!(await hasCommit(ROOT, previousCommit)))
  skipReason = `git has no commit ${previousCommit} of release ${previousRelease}`;
if (skipReason && process.env.CI === 'true')
  throw new Error(`The release rehearsal cannot run under CI: ${skipReason}`);

describe.skipIf(skipReason !== undefined)('the release rehearsal', () => {
  let scratch: string;
  let registry: LocalRegistry;
  let statusBefore: string;
  let newVersion: string;
  let server: ReferenceServer;
  let gateway: RunningGateway;
  let consumerDiagnostics: string;
  const dirs = {} as Record<'current' | 'previous' | 'consumer' | 'previousConsumer', string>;
  const env = () => registryEnv(registry.npmrc, { CI: 'true' });

  beforeAll(async () => {
    statusBefore = await gitStatus();
    scratch = await mkdtemp(join(tmpdir(), 'rehearsal-'));
    for (const name of ['current', 'previous', 'consumer', 'previousConsumer'] as const)
      dirs[name] = join(scratch, name);
    registry = await startLocalRegistry(scratch);
    const all = await packageDirs(ROOT);

    // The previous release: its SDK (types are bundled into the client) built from its commit.
    await checkoutRelease(ROOT, previousCommit, dirs.previous, ['packages/types', 'packages/client']);
    for (const dir of ['packages/types', 'packages/client']) {
      await run('pnpm', ['run', 'build'], { cwd: join(dirs.previous, dir), env: env() });
      await run('pnpm', ['publish', '--no-git-checks'], { cwd: join(dirs.previous, dir), env: env() });
    }

    // This release, as RELEASING.md does it, on a copy of the working tree.
    await copyWorkingTree(ROOT, dirs.current, all);
    await run('pnpm', ['release:version'], { cwd: dirs.current, env: env(), maxBuffer: 64 * 1024 * 1024 });
    await run('pnpm', ['publish', '-r', '--no-git-checks'], {
      cwd: dirs.current,
      env: env(),
      maxBuffer: 64 * 1024 * 1024,
    });
    newVersion = await version(join(dirs.current, 'packages/types'));

    const workspaceVersion = async (name: string) =>
      version(join(ROOT, 'packages/gateway-client/node_modules', name));
    await Promise.all([
      installConsumer(
        {
          dir: dirs.consumer,
          dependencies: {
            '@assistant-platform/types': newVersion,
            '@assistant-platform/client': newVersion,
            '@assistant-platform/gateway-client': newVersion,
            '@trpc/client': await workspaceVersion('@trpc/client'),
            '@trpc/server': await workspaceVersion('@trpc/server'),
          },
          devDependencies: { typescript: await version(join(ROOT, 'node_modules/typescript')) },
          sources: { from: join(ROOT, 'tests/packages/consumer'), copies: { 'use.ts': 'use.mts use.cts' } },
        },
        registry.npmrc,
      ),
      installConsumer(
        {
          dir: dirs.previousConsumer,
          dependencies: { '@assistant-platform/client': previousRelease },
          sources: { from: join(HERE, 'previous-sdk'), copies: { 'use-previous.mjs': 'use-previous.mjs' } },
        },
        registry.npmrc,
      ),
    ]);
    [consumerDiagnostics] = await Promise.all([
      compile(dirs.consumer, 'tsconfig.node16.json'),
      (async () => {
        server = await startReferenceServer();
        gateway = await startGateway(
          defineConfig({ port: 0, logLevel: 'silent', upstreamBaseUrl: server.baseUrl }),
        );
      })(),
    ]);
  });

  afterAll(async () => {
    await gateway?.close();
    await server?.close();
    await registry?.stop();
    if (scratch) await rm(scratch, { recursive: true, force: true });
  });

  it('publishes every package of the fixed group at the new version, beside the previous release', async () => {
    expect(newVersion).not.toBe(previousRelease);
    for (const name of PUBLISHED) {
      const response = await fetch(`${registry.url}@assistant-platform%2f${name}`);
      if (name === 'engines') {
        expect(response.status).toBe(404); // private: versioned, never published
        continue;
      }
      const { versions } = (await response.json()) as { versions: Record<string, unknown> };
      expect(Object.keys(versions), name).toContain(newVersion);
    }
    const client = (await (await fetch(`${registry.url}@assistant-platform%2fclient`)).json()) as {
      versions: Record<string, unknown>;
    };
    expect(Object.keys(client.versions).sort()).toEqual([previousRelease, newVersion].sort());
  });

  it('keeps the new release as the baseline: contracts at the new version, the gate passing', async () => {
    const contract = await readFile(
      join(dirs.current, 'openapi/released', newVersion, 'openapi.yaml'),
      'utf8',
    );
    expect(contract).toMatch(
      new RegExp(`^info:\\n(?:\\s+.*\\n)*?\\s+version: ${newVersion.replace(/\./g, '\\.')}$`, 'm'),
    );
    const { stdout } = await run('pnpm', ['check:release'], { cwd: dirs.current, env: env() });
    expect(stdout).toContain(`Contract: no change since ${newVersion}.`);
    expect(stdout).toContain('Release gate passed.');
  });

  it('type-checks a consumer of the new packages as an ES module and as CommonJS', () => {
    expect(consumerDiagnostics).toBe('');
  });

  const expected = (flavor: string) => ({
    flavor,
    createAgentMethod: 'post',
    issues: ['/instruction'],
    readBack: `Consumer ${flavor}`,
    notFound: true,
    viaGateway: true,
    gatewayMissing: 'NOT_FOUND',
    streamed: true,
  });

  for (const [flavor, file] of [
    ['esm', 'out/node16/use.mjs'],
    ['cjs', 'out/node16/use.cjs'],
  ] as const) {
    it(`runs the new packages as ${flavor} against a real server and gateway`, async () => {
      const output = await runConsumer(dirs.consumer, file, {
        BASE_URL: server.baseUrl,
        GATEWAY_URL: gateway.url,
        TOKEN: TEST_TOKENS.all,
        FLAVOR: flavor,
      });
      expect(output).toEqual(expected(flavor));
    });
  }

  it("runs the previous release's SDK against the current server", async () => {
    const installed = await version(join(dirs.previousConsumer, 'node_modules/@assistant-platform/client'));
    expect(installed).toBe(previousRelease);
    const output = await runConsumer(dirs.previousConsumer, 'src/use-previous.mjs', {
      BASE_URL: server.baseUrl,
      TOKEN: TEST_TOKENS.all,
    });
    expect(output).toEqual({ readBack: 'Previous SDK', notFound: true, answered: true, streamed: true });
  });

  it('leaves the working tree as it was', async () => {
    expect(await gitStatus()).toBe(statusBefore);
    expect(existsSync(join(ROOT, 'openapi/released', newVersion))).toBe(false);
  });
});
