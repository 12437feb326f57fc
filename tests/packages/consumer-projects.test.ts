/**
 * The types, the SDK and the gateway client as a product team installs them (packed tarballs, npm,
 * a fresh project: setup/install-packed.ts). The same code (consumer/use.ts) type-checks with
 * library checks on as an ES module and as CommonJS under node16 resolution, and as an ES module
 * under bundler resolution; each compiled copy then runs against a real reference server and a real
 * gateway from this workspace: it creates an agent with the SDK, reads it back through the SDK and
 * the gateway, and streams a chat through the gateway.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { defineConfig, type RunningGateway, startGateway } from '@assistant-platform/gateway';
import { type ReferenceServer, startReferenceServer } from '@assistant-platform/server';
import { TEST_TOKENS } from '@assistant-platform/server/testing';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

const run = promisify(execFile);
const { skipReason, consumerDir } = inject('packed');

/** The project's own tsc's diagnostics for one of its tsconfigs ('' when it compiles cleanly). */
const compile = (tsconfig: string) =>
  run(join(consumerDir, 'node_modules/.bin/tsc'), ['-p', tsconfig], { cwd: consumerDir }).then(
    ({ stdout }) => stdout,
    (error: { stdout?: string; message: string }) => error.stdout || error.message,
  );

describe.skipIf(skipReason !== undefined)('a consumer project of the packed packages', () => {
  let server: ReferenceServer;
  let gateway: RunningGateway;
  let diagnostics: { node16: string; bundler: string };

  beforeAll(async () => {
    // Both compilations at once, while the servers start.
    const [node16, bundler] = await Promise.all([
      compile('tsconfig.node16.json'),
      compile('tsconfig.bundler.json'),
      (async () => {
        server = await startReferenceServer();
        gateway = await startGateway(
          defineConfig({ port: 0, logLevel: 'silent', upstreamBaseUrl: server.baseUrl }),
        );
      })(),
    ]);
    diagnostics = { node16: node16 as string, bundler: bundler as string };
  }, 240_000);

  afterAll(async () => {
    await gateway?.close();
    await server?.close();
  });

  /** Runs a compiled copy of use.ts and returns what it printed. */
  async function runCompiled(file: string, flavor: string) {
    const env = {
      ...process.env,
      BASE_URL: server.baseUrl,
      GATEWAY_URL: gateway.url,
      TOKEN: TEST_TOKENS.all,
      FLAVOR: flavor,
    };
    const { stdout } = await run(process.execPath, [join(consumerDir, file)], { env });
    return JSON.parse(stdout);
  }

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

  it('type-checks as an ES module and as CommonJS under node16 resolution', () => {
    expect(diagnostics.node16).toBe('');
  });

  it('type-checks under bundler resolution', () => {
    expect(diagnostics.bundler).toBe('');
  });

  it('runs as an ES module (import) against a real server and gateway', async () => {
    expect(await runCompiled('out/node16/use.mjs', 'esm')).toEqual(expected('esm'));
  });

  it('runs as CommonJS (require) against a real server and gateway', async () => {
    expect(await runCompiled('out/node16/use.cjs', 'cjs')).toEqual(expected('cjs'));
  });

  it('runs its bundler-resolved build against a real server and gateway', async () => {
    expect(await runCompiled('out/bundler/use-bundler.js', 'bundler')).toEqual(expected('bundler'));
  });

  it('installs the gateway client with eventsource and the tRPC peers only, no server code', async () => {
    const { stdout } = await run('npm', ['ls', '--all', '--json'], { cwd: consumerDir });
    type Tree = { dependencies?: Record<string, Tree> };
    const names = (tree: Tree): string[] =>
      Object.entries(tree.dependencies ?? {}).flatMap(([name, sub]) => [name, ...names(sub)]);
    const root = JSON.parse(stdout) as Tree;
    const installedWithIt = names(root.dependencies?.['@assistant-platform/gateway-client'] ?? {});
    expect(installedWithIt).toContain('eventsource');
    // The tRPC peers are the project's own (deduped here, when npm lists them at all); so is
    // @opentelemetry/api, an optional peer npm names but never installs for it.
    const allowed = [
      'eventsource',
      'eventsource-parser',
      '@trpc/client',
      '@trpc/server',
      '@opentelemetry/api',
    ];
    expect(installedWithIt.filter((name) => !allowed.includes(name))).toEqual([]);
    expect(existsSync(join(consumerDir, 'node_modules', '@opentelemetry', 'api'))).toBe(false);
  });
});
