/**
 * A Verdaccio started for the rehearsal on a free loopback port, in a folder of its own. Our scope
 * (`@assistant-platform/*`) lives only there (never proxied, so a consumer gets exactly what the
 * rehearsal published); everything else it proxies to the registry npm is configured with (read
 * from `npm config get registry`, so CI's own registry), as a product team's mirror would. A user
 * is created through the registry's API for publishing; `npmrc` names the registry and its token
 * for pnpm and npm, and `registryEnv` is the environment that makes them use it.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface LocalRegistry {
  url: string;
  /** An npmrc naming the registry, with a token that may publish. */
  npmrc: string;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  return port;
}

/**
 * The environment for pnpm and npm run against the registry: this process's, without the
 * `npm_config_*` settings a `pnpm run` parent exports (its `npm_config_registry` would win over
 * any npmrc), with `npmrc` as the user config.
 */
export function registryEnv(npmrc: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !/^(npm|pnpm)_config_/i.test(name)),
  );
  return { ...env, ...extra, npm_config_userconfig: npmrc };
}

export async function startLocalRegistry(dir: string): Promise<LocalRegistry> {
  const upstream = (await run('npm', ['config', 'get', 'registry'])).stdout.trim();
  const config = [
    'storage: ./storage',
    'auth:',
    '  htpasswd: { file: ./htpasswd, max_users: 10 }',
    'uplinks:',
    `  upstream: { url: ${JSON.stringify(upstream)}, timeout: 60s, max_fails: 5 }`,
    'packages:',
    "  '@assistant-platform/*': { access: $all, publish: $authenticated }",
    "  '**': { access: $all, proxy: upstream }",
    'log: { type: stdout, format: json, level: error }',
    // A release rehearsal publishes the server's package, several MB.
    'max_body_size: 200mb',
    '',
  ].join('\n');
  await writeFile(join(dir, 'config.yaml'), config);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}/`;
  const bin = join(
    dirname(createRequire(import.meta.url).resolve('verdaccio/package.json')),
    'bin/verdaccio',
  );
  const child: ChildProcess = spawn(
    process.execPath,
    [bin, '--config', join(dir, 'config.yaml'), '--listen', `127.0.0.1:${port}`],
    {
      cwd: dir,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await once(child, 'exit');
    }
  };
  // Ready when it answers; a loaded machine can take many seconds to start it.
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Verdaccio exited: ${output}`);
    const ready = await fetch(`${url}-/ping`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`Verdaccio did not answer within 60 s: ${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const response = await fetch(`${url}-/user/org.couchdb.user:rehearsal`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'rehearsal', password: 'rehearsal-password' }),
  });
  const { token } = (await response.json()) as { token?: string };
  if (!token) throw new Error(`Verdaccio created no user: ${response.status}`);
  const npmrc = join(dir, 'npmrc');
  const host = url.replace(/^http:/, '');
  await writeFile(npmrc, `registry=${url}\n${host}:_authToken=${token}\n`);
  return { url, npmrc, stop };
}
