/**
 * The gateway client installed alone into a Node project without DOM types, as a product team's
 * service has it (setup/install-packed.ts, gateway/): with library checks on, it type-checks as the
 * client's README says, either with `"dom"` in `lib` or with @types/node and its one-line
 * `RequestInfo` declaration, and without either the README's reason shows (TS2552). Its compiled
 * code then runs against a real gateway and reference server: an agent read through the gateway,
 * the platform's URL answered `NOT_A_GATEWAY`, a closed port `GATEWAY_UNREACHABLE`.
 */
import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { defineConfig, type RunningGateway, startGateway } from '@assistant-platform/gateway';
import { type ReferenceServer, startReferenceServer } from '@assistant-platform/server';
import { TEST_TOKENS } from '@assistant-platform/server/testing';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

const run = promisify(execFile);
const { skipReason, gatewayDir } = inject('packed');

const compile = (tsconfig: string) =>
  run(join(gatewayDir, 'node_modules/.bin/tsc'), ['-p', tsconfig], { cwd: gatewayDir }).then(
    ({ stdout }) => stdout,
    (error: { stdout?: string; message: string }) => error.stdout || error.message,
  );

/** A port that was just free: nothing listens on it. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe.skipIf(skipReason !== undefined)('the gateway client in a Node project without DOM types', () => {
  let server: ReferenceServer;
  let gateway: RunningGateway;
  let diagnostics: { dom: string; node: string; neither: string };

  beforeAll(async () => {
    // The README's advice left out: @types/node alone, no "dom", no RequestInfo.
    await writeFile(
      join(gatewayDir, 'tsconfig.neither.json'),
      JSON.stringify({
        extends: './tsconfig.node.json',
        compilerOptions: { noEmit: true },
        files: ['src/use-gateway.ts'],
      }),
    );
    const [dom, node, neither] = await Promise.all([
      compile('tsconfig.dom.json'),
      compile('tsconfig.node.json'),
      compile('tsconfig.neither.json'),
      (async () => {
        server = await startReferenceServer();
        gateway = await startGateway(
          defineConfig({ port: 0, logLevel: 'silent', upstreamBaseUrl: server.baseUrl }),
        );
      })(),
    ]);
    diagnostics = { dom: dom as string, node: node as string, neither: neither as string };
  }, 240_000);

  afterAll(async () => {
    await gateway?.close();
    await server?.close();
  });

  it('type-checks with library checks on: "dom" in lib, or @types/node and the RequestInfo line', () => {
    expect(diagnostics.dom).toBe('');
    expect(diagnostics.node).toBe('');
    expect(diagnostics.neither).toContain("TS2552: Cannot find name 'RequestInfo'");
  });

  it('runs: reads through the gateway, and names the platform’s URL and a closed port', async () => {
    const env = {
      ...process.env,
      TOKEN: TEST_TOKENS.all,
      GATEWAY_URL: gateway.url,
      PLATFORM_URL: server.url,
      CLOSED_URL: `http://127.0.0.1:${await closedPort()}`,
    };
    for (const file of ['out/dom/use-gateway.js', 'out/node/use-gateway.js']) {
      const { stdout } = await run(process.execPath, [join(gatewayDir, file)], { env });
      expect(JSON.parse(stdout), file).toEqual({
        gateway: expect.any(String),
        platform: 'NOT_A_GATEWAY',
        closed: 'GATEWAY_UNREACHABLE',
      });
    }
  });
});
