#!/usr/bin/env node
// Which of the server's source files one request runs through, counted as the issue that set the
// goal counts it: V8's coverage over one request. The reference server's bundle, built here with
// source maps, runs with bench/request-coverage-hook.mjs loaded; after a warm-up (so the token and
// agent caches hold what the request needs, as they do on a server in use) the coverage counts are
// reset, one request is sent over HTTP, and every function that ran in the bundle is mapped back to
// its source file. Printed: the server's files (apps/server/src) and, apart, the workspace packages'
// and the dependencies' that ran.
// Configurations: `default` (the server as `serve` starts it, journal on) and `lean` (every optional
// feature off: FEATURES_OFF names them all); no fault rule, chat fixture, Idempotency-Key or tracing
// is used in either.
// Usage: node bench/request-files.mjs [get|create|chat ...]   (builds apps/server first, about 20 s)
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  GREATEST_LOWER_BOUND,
  LEAST_UPPER_BOUND,
  originalPositionFor,
  TraceMap,
} from '@jridgewell/trace-mapping';
import { buildWithSourceMaps } from './profile-build.mjs';
import { DEV_SEED, freePort } from './spawn-until.mjs';

const GOAL = 12;
const REPOSITORY = fileURLToPath(new URL('..', import.meta.url));
const HOOK = fileURLToPath(new URL('./request-coverage-hook.mjs', import.meta.url));
const headers = { authorization: 'Bearer dev-token', 'content-type': 'application/json' };
const KINDS = {
  get: { path: '/v1/agents/view/1', method: 'GET' },
  create: { path: '/v1/agents/create', method: 'POST', body: '{"name":"Files","instruction":"Answer."}' },
  chat: {
    path: '/v1/agents/chat/request',
    method: 'POST',
    body: JSON.stringify({
      name: 'Support triage',
      description: 'Answers first-line support questions.',
      instruction: 'Answer politely.',
      intents: ['refund', 'delivery status'],
      message: { role: 'user', content: [{ type: 'text', text: 'Where is my parcel?' }] },
    }),
  },
};
const CONFIGURATIONS = {
  default: {},
  lean: { FEATURES_OFF: 'journal,faults,metrics,account-admission' },
};

/** The server under the coverage hook; resolves with a `take()` of the coverage since the last. */
async function startCovered(dist, env) {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'request-files-'));
  const child = spawn(
    process.execPath,
    [
      '--import',
      pathToFileURL(HOOK).href,
      join(dist, 'cli.js'),
      'serve',
      '--port',
      String(port),
      '--seed',
      DEV_SEED,
    ],
    {
      env: { ...process.env, DATABASE_URL: join(dataDir, 'files.sqlite'), LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
    },
  );
  await new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (data) => {
      out += data;
      if (/listening on http/.test(out)) resolve();
    });
    child.once('exit', (code) => reject(new Error(`the server exited with ${code}: ${out}`)));
  });
  let next = 0;
  const take = () =>
    new Promise((resolve) => {
      const id = next++;
      const onMessage = (message) => {
        if (message.id !== id) return;
        child.off('message', onMessage);
        resolve(message.result);
      };
      child.on('message', onMessage);
      child.send({ id });
    });
  const stop = async () => {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { origin: `http://127.0.0.1:${port}`, take, stop };
}

/** Source files of the functions that ran in the bundle's scripts, by where they are. */
function filesThatRan(coverage, dist) {
  const distUrl = pathToFileURL(dist).href;
  const files = new Set();
  for (const script of coverage) {
    if (!script.url.startsWith(distUrl)) continue;
    const file = fileURLToPath(script.url);
    const map = new TraceMap(readFileSync(`${file}.map`, 'utf8'));
    const code = readFileSync(file, 'utf8');
    const lineStarts = [0];
    for (let i = code.indexOf('\n'); i !== -1; i = code.indexOf('\n', i + 1)) lineStarts.push(i + 1);
    for (const fn of script.functions) {
      const range = fn.ranges[0];
      if (range === undefined || range.count === 0 || range.startOffset === 0) continue;
      const line = lineStarts.findLastIndex((start) => start <= range.startOffset);
      const at = { line: line + 1, column: range.startOffset - lineStarts[line] };
      const found =
        originalPositionFor(map, { ...at, bias: GREATEST_LOWER_BOUND }).source ??
        originalPositionFor(map, { ...at, bias: LEAST_UPPER_BOUND }).source;
      if (found !== null) files.add(relative(REPOSITORY, resolve(dirname(file), found)));
    }
  }
  const server = [];
  const workspace = [];
  const dependencies = new Set();
  for (const path of [...files].sort()) {
    const inPackage = /node_modules\/(?:\.pnpm\/[^/]+\/node_modules\/)?((?:@[^/]+\/)?[^/]+)/.exec(path);
    if (inPackage) dependencies.add(inPackage[1]);
    else if (path.startsWith('apps/server/src/')) server.push(path.slice('apps/server/src/'.length));
    else workspace.push(path);
  }
  return { server, workspace, dependencies: [...dependencies].sort() };
}

async function send(origin, { path, method, body }) {
  const answer = await fetch(`${origin}${path}`, { method, headers, body });
  await answer.arrayBuffer();
  if (!answer.ok) throw new Error(`${method} ${path} answered ${answer.status}`);
}

const selected = process.argv.slice(2);
for (const name of selected)
  if (!(name in KINDS)) throw new Error(`unknown kind ${name}; known: ${Object.keys(KINDS).join(', ')}`);
const dist = buildWithSourceMaps();
for (const [configuration, env] of Object.entries(CONFIGURATIONS)) {
  const server = await startCovered(dist, env);
  try {
    for (const kind of selected.length ? selected : Object.keys(KINDS)) {
      for (let i = 0; i < 20; i++) await send(server.origin, KINDS[kind]);
      await new Promise((resolve) => setTimeout(resolve, 100));
      await server.take();
      await send(server.origin, KINDS[kind]);
      // What a request leaves for later (the journal's serialisation, a batch's commit) counts too.
      await new Promise((resolve) => setTimeout(resolve, 100));
      const { server: own, workspace, dependencies } = filesThatRan(await server.take(), dist);
      console.log(
        `\n${kind}, ${configuration}: ${own.length} server source files` +
          (kind === 'get' && configuration === 'lean'
            ? ` (goal ≤ ${GOAL}: ${own.length <= GOAL ? 'met' : 'not met'})`
            : ''),
      );
      for (const path of own) console.log(`  ${path}`);
      console.log(`  + ${workspace.length} workspace package files: ${workspace.join(', ') || 'none'}`);
      console.log(`  + dependencies: ${dependencies.join(', ') || 'none'}`);
    }
  } finally {
    await server.stop();
  }
}
