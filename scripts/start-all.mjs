#!/usr/bin/env node
/**
 * `pnpm start`: builds what changed, then runs the reference server (with seed/dev.json) and the gateway in
 * front of it, from their built CLIs, run from the repository root, so the database is
 * `.data/assistant.sqlite` there, the one `pnpm cli` uses, and the root's `.env` applies.
 *
 * No process outlives it. Each child has an IPC channel to this process and stops when the channel
 * ends, which happens however this process ends: Ctrl-C, SIGTERM, its terminal closing (SIGHUP), a
 * crash, or SIGKILL, which no signal handler sees. This process in turn stops when pnpm, which runs
 * it through a shell, is gone (watch-ancestors.mjs). A child that stops on its own stops the other,
 * and this exits 1 saying which one stopped. START_SKIP_BUILD=1 skips the build (the tests, which
 * build beforehand).
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { buildPackages } from './build-packages.mjs';
import { watchAncestors } from './watch-ancestors.mjs';

const root = fileURLToPath(new URL('../', import.meta.url));
/** The Node options the server ships with (its README, Node options). */
const SERVER_NODE_OPTIONS = JSON.parse(
  readFileSync(join(root, 'apps/server/node-options.json'), 'utf8'),
).options;
// Both CLIs finish their in-flight requests first (the server gives up on them after 10 s).
const STOP_GRACE_MS = 15_000;
const children = new Map();
const building = new AbortController();
let stopping = false;
// The children write to pipes, not to a terminal: when a person watches this one, ask them for the
// readable log lines (in colour, unless NO_COLOR) they would print there.
const watched =
  process.stdout.isTTY && process.env.LOG_FORMAT === undefined
    ? { LOG_FORMAT: 'pretty', ...(process.env.NO_COLOR === undefined ? { FORCE_COLOR: '1' } : {}) }
    : {};

/**
 * Runs a built CLI (under Node's `options`), echoes its output with a prefix, resolves with the
 * first match of `pattern`.
 */
function start(name, cli, args, env, pattern, options = []) {
  const child = spawn(process.execPath, [...options, join(root, cli), ...args], {
    cwd: root,
    env: { ...process.env, ...watched, ...env },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  children.set(name, child);
  createInterface({ input: child.stderr }).on('line', (line) => console.error(`[${name}] ${line}`));
  return new Promise((resolve) => {
    let ready = false;
    createInterface({ input: child.stdout }).on('line', (line) => {
      console.log(`[${name}] ${line}`);
      const match = ready ? null : pattern.exec(line);
      if (match) {
        ready = true;
        resolve(match[1]);
      }
    });
    child.once('exit', (code, signal) => {
      if (stopping) return;
      const how = signal ? `was killed by ${signal}` : `exited with code ${code}`;
      const others = [...children.keys()].filter((other) => other !== name);
      stop(
        1,
        `pnpm start: the ${name} ${how}${ready ? '' : ' before it was ready'}` +
          (others.length ? `; stopping the ${others.join(' and the ')}.` : '.'),
      );
    });
  });
}

function stop(exitCode, message) {
  if (stopping) return;
  stopping = true;
  if (message) console.error(message);
  building.abort();
  const alive = [...children.values()].filter(
    (child) => child.exitCode === null && child.signalCode === null,
  );
  // Ending the channel is the stop request both CLIs obey; Ctrl-C also reached them directly, as they
  // share this process's group, and a second request does not hurry them.
  for (const child of alive) if (child.connected) child.disconnect();
  setTimeout(() => {
    for (const child of alive) child.kill('SIGKILL');
  }, STOP_GRACE_MS).unref();
  Promise.all(alive.map((child) => new Promise((done) => child.once('exit', done)))).then(() =>
    process.exit(exitCode),
  );
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.once(signal, () => stop(0));
// Once the terminal is gone, echoing the children's last lines fails: keep stopping them regardless.
for (const stream of [process.stdout, process.stderr]) stream.on('error', () => stop(0));
watchAncestors(() => stop(0));

if (process.env.START_SKIP_BUILD !== '1' && !(await buildPackages(building.signal))) {
  if (!stopping) process.exit(1);
  await new Promise(() => undefined); // stop() exits
}

const upstream = await start(
  'server',
  'apps/server/dist/cli.js',
  ['serve', '--seed', join(root, 'seed/dev.json'), '--dev-token', 'dev-token'],
  {},
  /listening on (\S+\/v1)\b/,
  SERVER_NODE_OPTIONS,
);
const gateway = await start(
  'gateway',
  'apps/gateway/dist/cli.js',
  [],
  { UPSTREAM_BASE_URL: upstream },
  /listening on (\S+)/,
);
console.log(`\nReference server: ${upstream}  (docs: ${upstream.replace(/\/v1$/, '/docs')})`);
console.log(`Console:          ${upstream.replace(/\/v1$/, '/console')}  (sign in with dev-token)`);
console.log(`Gateway (tRPC):   ${gateway}/trpc  (health: ${gateway}/healthz)`);
console.log('CLI on the same database: pnpm cli token list, pnpm cli token create --account 1');
console.log('Dev token from seed/dev.json: dev-token. Press Ctrl-C to stop both.\n');
