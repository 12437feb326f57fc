/**
 * The reference server as npm installs it from its packed tarball, alone in a fresh project
 * (setup/install-packed.ts): it installs only what its bundle leaves out (the native better-sqlite3
 * and piscina's worker), serves the API, /docs and /console with the dev seed it ships
 * (`npx assistant-server serve --seed dev`), and its `testing` entry starts a server in a test's
 * process from ES modules and (with import(), as the server is ESM-only) from CommonJS, typed.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, inject, it } from 'vitest';

const run = promisify(execFile);
const { skipReason, serverDir } = inject('packed');

/** Every package under a node_modules folder, nested ones included. */
async function installedPackages(nodeModules: string): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(nodeModules, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name.startsWith('.')) continue;
    const names = entry.name.startsWith('@')
      ? (await readdir(join(nodeModules, entry.name))).map((name) => `${entry.name}/${name}`)
      : [entry.name];
    for (const name of names) {
      found.push(name);
      const nested = join(nodeModules, name, 'node_modules');
      if (existsSync(nested)) found.push(...(await installedPackages(nested)));
    }
  }
  return found;
}

describe.skipIf(skipReason !== undefined)('the packed server, installed with npm', () => {
  let cli: ChildProcess | undefined;
  afterEach(async () => {
    const started = cli;
    cli = undefined;
    if (started?.pid !== undefined && started.exitCode === null && started.signalCode === null) {
      // npx runs the server as its child: stop the process group this test started.
      const exited = once(started, 'exit');
      process.kill(-started.pid, 'SIGTERM');
      await exited;
    }
  });

  it('installs better-sqlite3 and piscina, and none of what its bundle inlines', async () => {
    const installed = await installedPackages(join(serverDir, 'node_modules'));
    expect(installed).toEqual(
      expect.arrayContaining(['@assistant-platform/server', 'better-sqlite3', 'piscina']),
    );
    const inlined = [
      'fastify',
      'pino',
      'ajv',
      'zod',
      'drizzle-orm',
      'gpt-tokenizer',
      'swagger-ui-dist',
      'commander',
      'yaml',
      'lru-cache',
      'openapi-fetch',
      're2js',
      '@fastify/rate-limit',
      '@assistant-platform/types',
      '@assistant-platform/engines',
      '@assistant-platform/service-kit',
    ];
    expect(installed.filter((name) => inlined.includes(name))).toEqual([]);
  });

  it('serves the API, /docs and /console with its dev seed: npx assistant-server serve --seed dev', async () => {
    const started = spawn('npx', ['--no', 'assistant-server', 'serve', '--seed', 'dev', '--port', '0'], {
      cwd: serverDir,
      env: { ...process.env, DATABASE_URL: ':memory:', LOG_LEVEL: 'silent' },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    cli = started;
    let output = '';
    started.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    const origin = await new Promise<string>((resolve, reject) => {
      started.stdout?.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const found = /listening on (http:\/\/\S+)\/v1/.exec(output)?.[1];
        if (found) resolve(found);
      });
      started.once('exit', (code) => reject(new Error(`assistant-server exited (${code}): ${output}`)));
    });
    const agent = await fetch(`${origin}/v1/agents/view/1`, {
      headers: { authorization: 'Bearer dev-token' },
    });
    expect(agent.status).toBe(200);
    expect(((await agent.json()) as { data: { name: string } }).data.name).toBe('Support triage');
    const docs = await fetch(`${origin}/docs/swagger-ui-bundle.js`);
    expect([docs.status, docs.headers.get('content-type')]).toEqual([
      200,
      'application/javascript; charset=utf-8',
    ]);
    const consolePage = await fetch(`${origin}/console`);
    expect(await consolePage.text()).not.toContain('has not been built');
  });

  it('starts a reference server in a test from ES modules and CommonJS, typed (testing entry)', async () => {
    const [node16, bundler] = await Promise.all(
      ['tsconfig.node16.json', 'tsconfig.bundler.json'].map((tsconfig) =>
        run(join(serverDir, 'node_modules/.bin/tsc'), ['-p', tsconfig], { cwd: serverDir }).then(
          ({ stdout }) => stdout,
          (error: { stdout?: string; message: string }) => error.stdout || error.message,
        ),
      ),
    );
    expect({ node16, bundler }).toEqual({ node16: '', bundler: '' });
    for (const [file, flavor] of [
      ['out/node16/use-testing.mjs', 'esm'],
      ['out/node16/use-testing.cjs', 'cjs'],
    ] as const) {
      const { stdout } = await run(process.execPath, [join(serverDir, file)], {
        env: { ...process.env, FLAVOR: flavor },
      });
      expect(JSON.parse(stdout)).toEqual({ flavor, agent: 'Support triage', faulted: 503, journaled: 2 });
    }
  });
});
