#!/usr/bin/env node
/**
 * `pnpm start`: the reference server (with seed/dev.json) and the gateway in front of it, both from
 * their built CLIs. Prints both URLs; Ctrl-C (or SIGTERM) stops both. Run after `turbo run build`.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';

const root = new URL('../', import.meta.url);
const path = (relative) => new URL(relative, root).pathname;
const children = [];

/** Spawns a child, echoes its output with a prefix, resolves with the first match of `pattern`. */
function start(name, command, args, env, pattern) {
  // Own process group: `pnpm run` puts a shell and then node under the child, and a signal to the
  // group reaches all of them (a signal to pnpm alone would orphan the server).
  const child = spawn(command, args, {
    cwd: path('.'),
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  children.push(child);
  createInterface({ input: child.stderr }).on('line', (line) => console.error(`[${name}] ${line}`));
  return new Promise((resolve, reject) => {
    createInterface({ input: child.stdout }).on('line', (line) => {
      console.log(`[${name}] ${line}`);
      const match = pattern.exec(line);
      if (match) resolve(match[1]);
    });
    child.once('exit', (code) => {
      reject(new Error(`${name} exited with code ${code}`));
      stop(code ?? 1);
    });
  });
}

let stopping = false;
function stop(exitCode) {
  if (stopping) return;
  stopping = true;
  const alive = children.filter((child) => child.exitCode === null);
  for (const child of alive) {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      child.kill('SIGTERM'); // the group is already gone; make sure the child is too
    }
  }
  Promise.all(alive.map((child) => new Promise((done) => child.once('exit', done)))).then(() =>
    process.exit(exitCode),
  );
}
process.once('SIGINT', () => stop(0));
process.once('SIGTERM', () => stop(0));

// The server package may define how it runs for development; otherwise run its CLI with the dev seed.
const serverScripts = JSON.parse(readFileSync(path('apps/server/package.json'), 'utf8')).scripts ?? {};
const server = serverScripts['start:dev']
  ? ['pnpm', ['--silent', '--filter', '@assistant-platform/server', 'run', 'start:dev']]
  : [process.execPath, [path('apps/server/dist/cli.js'), 'serve', '--seed', path('seed/dev.json')]];

try {
  const upstream = await start('server', server[0], server[1], {}, /listening on (\S+\/v1)\b/);
  const gateway = await start(
    'gateway',
    process.execPath,
    [path('apps/gateway/dist/cli.js')],
    { UPSTREAM_BASE_URL: upstream },
    /listening on (\S+)/,
  );
  console.log(`\nReference server: ${upstream}  (docs: ${upstream.replace(/\/v1$/, '/docs')})`);
  console.log(`Gateway (tRPC):   ${gateway}/trpc  (health: ${gateway}/healthz)`);
  console.log('Dev token from seed/dev.json: dev-token. Press Ctrl-C to stop both.\n');
} catch (error) {
  console.error(String(error));
  stop(1);
}
