/**
 * The package as users install it: `pnpm pack`, unpacked into a scratch node_modules, then imported
 * with `import` and with `require` by plain Node and called. Also publint, arethetypeswrong and the
 * size budget, so `pnpm test` in CI covers the release checks. (The suites in tests/integration use
 * the built package against a real reference server.)
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import {
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  realpath,
  rename,
  rm,
  symlink,
  writeFile,
} from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const packageDir = new URL('../../', import.meta.url).pathname;
const bin = (name: string) => join(packageDir, 'node_modules/.bin', name);
let scratch: string;
let tarball: string;
/** A base URL where nothing listens: a call fails with the SDK's typed connection error. */
let deadBaseUrl: string;

// Time limits sized for the work on a loaded 2-core machine, not for a fast idle one: a full tsc with
// library checks or an arethetypeswrong run takes ~10-20 s there alone, several times that under load.
const SPAWNS_NODE = 60_000;
const RUNS_A_CHECKER = 180_000;

beforeAll(async () => {
  if (!existsSync(join(packageDir, 'dist/index.js')))
    throw new Error('Build first: pnpm --filter @assistant-platform/client build');
  scratch = await mkdtemp(join(tmpdir(), 'client-pack-'));
  await run('pnpm', ['pack', '--pack-destination', scratch], { cwd: packageDir });
  tarball = join(scratch, (await readdir(scratch)).find((name) => name.endsWith('.tgz'))!);
  const scope = join(scratch, 'node_modules/@assistant-platform');
  await mkdir(scope, { recursive: true });
  await run('tar', ['-xzf', tarball, '-C', scope]);
  await rename(join(scope, 'package'), join(scope, 'client'));
  const manifest = JSON.parse(await readFile(join(scope, 'client/package.json'), 'utf8'));
  // The packed dependencies, linked from this workspace as an installer would place them.
  for (const dependency of Object.keys(manifest.dependencies)) {
    const target = join(scratch, 'node_modules', dependency);
    await mkdir(join(target, '..'), { recursive: true });
    await symlink(await realpath(join(packageDir, 'node_modules', dependency)), target, 'dir');
  }
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  deadBaseUrl = `http://127.0.0.1:${port}/v1`;
}, RUNS_A_CHECKER);

afterAll(async () => {
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

/** Lists the exports and makes a call that cannot connect, printing what it saw as JSON. */
const smoke = (load: string) => `
  ${load}
  const sdk = sdkModule.createAssistantClient({ baseUrl: process.env.BASE_URL, token: 't', maxRetries: 0 });
  (async () => {
    const failed = await sdk.agents.get(1).catch((error) => error);
    console.log(JSON.stringify({
      exports: Object.keys(sdkModule).sort(),
      connectionError:
        failed instanceof sdkModule.APIConnectionError && failed instanceof sdkModule.AssistantApiError,
    }));
  })();`;

async function runSmoke(args: string[]) {
  const env = { ...process.env, BASE_URL: deadBaseUrl };
  const { stdout } = await run(process.execPath, args, { cwd: scratch, env });
  return JSON.parse(stdout);
}

describe('the packed tarball', () => {
  it(
    'works through import (ESM)',
    async () => {
      const result = await runSmoke([
        '--input-type=module',
        '-e',
        smoke("import * as sdkModule from '@assistant-platform/client';"),
      ]);
      expect(result).toMatchObject({ connectionError: true });
      expect(result.exports).toEqual(
        expect.arrayContaining(['createAssistantClient', 'ChatStream', 'RateLimitError']),
      );
    },
    SPAWNS_NODE,
  );

  it(
    'works through require (CJS) with the same exports',
    async () => {
      const esm = await runSmoke([
        '--input-type=module',
        '-e',
        smoke("import * as sdkModule from '@assistant-platform/client';"),
      ]);
      const cjs = await runSmoke(['-e', smoke("const sdkModule = require('@assistant-platform/client');")]);
      expect(cjs).toEqual(esm);
    },
    SPAWNS_NODE,
  );

  it('ships only dist, README and package.json', async () => {
    const { stdout } = await run('tar', ['-tzf', tarball]);
    const files = stdout.trim().split('\n').sort();
    expect(files.filter((file) => !file.startsWith('package/dist/'))).toEqual([
      'package/README.md',
      'package/package.json',
    ]);
  });

  it('has a manifest without workspace links', async () => {
    const { stdout } = await run('tar', ['-xzOf', tarball, 'package/package.json']);
    const manifest = JSON.parse(stdout);
    expect(JSON.stringify(manifest.dependencies)).not.toMatch(/workspace:|catalog:/);
    expect(manifest.sideEffects).toBe(false);
  });

  it(
    'type-checks in CommonJS and ES module consumers with library checks on',
    async () => {
      const usage = `import { createAssistantClient, NotFoundError } from '@assistant-platform/client';
const client = createAssistantClient({ baseUrl: 'http://127.0.0.1:4010/v1', token: 't' });
export async function main(): Promise<number> {
  const agent = await client.agents.get(1);
  const { data } = await client.raw.GET('/agents/view/{id}', { params: { path: { id: '1' } } });
  try {
    await client.embeddings.create(['a']);
  } catch (error) {
    if (error instanceof NotFoundError) return error.status;
  }
  return agent.id + (data?.data.id ?? 0);
}
`;
      await writeFile(join(scratch, 'use.mts'), usage);
      await writeFile(join(scratch, 'use.cts'), usage);
      await writeFile(join(scratch, 'package.json'), '{ "name": "consumer", "private": true }');
      const compilerOptions = {
        module: 'node16',
        moduleResolution: 'node16',
        strict: true,
        noEmit: true,
        skipLibCheck: false,
        // TypeScript's own lib files (most of tsc's time) are not what is under test; ours are.
        skipDefaultLibCheck: true,
        lib: ['es2022', 'dom', 'dom.iterable'],
        types: [],
      };
      await writeFile(
        join(scratch, 'tsconfig.json'),
        JSON.stringify({ compilerOptions, files: ['use.mts', 'use.cts'] }),
      );
      // One tsc process checks both consumers. Its diagnostics are on stdout; a crash or a kill is a
      // failure too, not an empty report.
      const result = await run(bin('tsc'), ['-p', 'tsconfig.json'], { cwd: scratch }).then(
        ({ stdout }) => ({ stdout, failed: false }),
        (error: { stdout?: string }) => ({ stdout: error.stdout ?? String(error), failed: true }),
      );
      expect(result).toEqual({ stdout: '', failed: false });
    },
    RUNS_A_CHECKER,
  );

  it(
    'passes arethetypeswrong for every resolution mode',
    async () => {
      const { stdout } = await run(bin('attw'), [tarball, '--format', 'json']);
      const report = JSON.parse(stdout);
      expect(report.problems ?? {}).toEqual({});
      expect(report.analysis.types.kind).toBe('included');
    },
    RUNS_A_CHECKER,
  );

  it(
    'passes publint --strict',
    async () => {
      const { stdout } = await run(bin('publint'), ['--strict'], { cwd: packageDir });
      expect(stdout).toContain('All good');
    },
    SPAWNS_NODE,
  );
});

describe('the built code', () => {
  it('imports only its two runtime dependencies and nothing from Node', async () => {
    for (const file of ['dist/index.js', 'dist/index.cjs']) {
      const code = await readFile(join(packageDir, file), 'utf8');
      const imported = [...code.matchAll(/(?:from |require\()\s*['"]([^'"]+)['"]/g)].map((match) => match[1]);
      expect(new Set(imported)).toEqual(new Set(['eventsource-parser', 'openapi-fetch']));
      expect(code).not.toMatch(/\bprocess\.|\bBuffer\b|node:/);
    }
  });

  it('carries the contract types itself instead of importing the types package', async () => {
    for (const file of ['dist/index.d.ts', 'dist/index.d.cts']) {
      const declarations = await readFile(join(packageDir, file), 'utf8');
      expect(declarations).not.toContain('@assistant-platform/types');
      expect(declarations).toContain('"/agents/view/{id}"');
    }
  });

  it(
    'stays within 8 kB min+gzip',
    async () => {
      const { stdout } = await run(process.execPath, [join(packageDir, 'scripts/measure-size.mjs')]);
      const sizes = JSON.parse(stdout);
      expect(sizes.own.gzipped).toBeGreaterThan(1000);
      expect(sizes.own.gzipped).toBeLessThanOrEqual(8 * 1024);
    },
    SPAWNS_NODE,
  );
});
