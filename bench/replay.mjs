#!/usr/bin/env node
/**
 * Replay's cost with many cassettes: a replaying server (`--replay DIR`, `--replay-miss error`) on a
 * folder of 10,000 chat cassettes, each a different question, and the same server on 10 of them.
 * Each is asked, one call at a time and in alternating rounds (a change in the machine's load hits
 * both alike), a hit (a recorded question) and a miss (a question never recorded, answered 501
 * naming the nearest cassette), and the median and p99 of each are printed twice: the server's own
 * time (`app.inject()` in this process: authentication, limits, journal and replay, no socket),
 * and over HTTP with each server in its own process. Also printed: the start-up time with the folder
 * loaded, and the machine's load.
 *
 *   pnpm --filter @assistant-platform/server build
 *   node bench/replay.mjs [--cassettes=10000] [--calls=2000] [--warmup=1000]
 *
 * Goal (issue): a hit and a miss each at most 2 ms p99 with 10,000 cassettes; what replay itself
 * adds shows as the difference from the 10-cassette server, which does the same HTTP work.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { arg } from './bench-args.mjs';
import { loadAverage } from './machine-load.mjs';
import { BENCH_TOKEN, ONE_AGENT_SEED, SERVER_ENTRY, spawnUntil } from './spawn-until.mjs';

const CASSETTES = arg('cassettes', 10_000);
const CALLS = arg('calls', 2000);
const WARMUP = arg('warmup', 1000);
const ROUND = 100;
const GOAL_MS = 2;
const { build, loadConfig, startReferenceServer } = await import(SERVER_ENTRY);
const seed = ONE_AGENT_SEED;
const question = (i) => ({
  name: 'Bench',
  description: '',
  instruction: 'Answer.',
  intents: [],
  temperature: 0.5,
  message: { role: 'user', content: [{ type: 'text', text: `Where is parcel number ${i}?` }] },
});

// One real answer of a reference server, valid against the contract, for every cassette.
const reference = await startReferenceServer({ seed, env: { LOG_LEVEL: 'warn' } });
const headers = { authorization: `Bearer ${BENCH_TOKEN}`, 'content-type': 'application/json' };
const sample = await fetch(`${reference.baseUrl}/agents/chat/request`, {
  method: 'POST',
  headers,
  body: JSON.stringify(question(0)),
});
const answer = {
  status: sample.status,
  contentType: sample.headers.get('content-type'),
  body: await sample.json(),
};
await reference.close();

function folderOf(count) {
  const dir = mkdtempSync(join(tmpdir(), 'bench-replay-'));
  for (let i = 0; i < count; i++) {
    const cassette = {
      version: 1,
      recordedAt: '2026-01-01T00:00:00.000Z',
      request: {
        method: 'POST',
        path: '/v1/agents/chat/request',
        query: '',
        headers: {},
        body: { json: question(i) },
      },
      response: {
        status: answer.status,
        headersAtMs: 1,
        headers: { 'content-type': answer.contentType },
        body: { json: answer.body },
        events: null,
      },
    };
    const name = `${String(i + 1).padStart(5, '0')}-post-agents-chat-request.json`;
    writeFileSync(join(dir, name), JSON.stringify(cassette, null, 2));
  }
  return dir;
}

const serverScript = (dir) => `
  import { startReferenceServer } from ${JSON.stringify(SERVER_ENTRY)};
  const server = await startReferenceServer({ seed: ${JSON.stringify(seed)}, env: ${JSON.stringify(replayEnv(dir))} });
  console.log('SERVER ' + server.baseUrl);
`;

const folders = [folderOf(10), folderOf(CASSETTES)];
const sorted = (list) => [...list].sort((a, b) => a - b);
const at = (list, q) => list[Math.min(list.length - 1, Math.floor(list.length * q))];
const ms = (value) => `${value.toFixed(2)} ms`;
// A hit asks one of the first 10 questions (recorded in both folders); a miss a question never recorded.
const kinds = { hit: (n) => n % 10, miss: (n) => -1 - n };

/**
 * Times `call(side, i)` for both sides, hits and misses, in alternating rounds; prints the figures.
 * With `cpu`, also the process's CPU time per call, which a loaded machine's preemption leaves out.
 */
async function measure(title, sides, call, cpu = false) {
  const times = sides.map(() => ({ hit: [], miss: [] }));
  const cpuTimes = sides.map(() => ({ hit: [], miss: [] }));
  for (let n = 0; n < WARMUP; n++)
    for (const side of sides) for (const pick of Object.values(kinds)) await call(side, pick(n));
  for (let done = 0; done < CALLS; done += ROUND)
    for (const [s, side] of sides.entries())
      for (const [kind, pick] of Object.entries(kinds))
        for (let n = done; n < done + ROUND; n++) {
          const started = performance.now();
          const usage = process.cpuUsage();
          await call(side, pick(n));
          times[s][kind].push(performance.now() - started);
          const used = process.cpuUsage(usage);
          cpuTimes[s][kind].push((used.user + used.system) / 1000);
        }
  console.log(title);
  for (const [what, figures] of cpu
    ? [
        ['wall', times],
        ['CPU', cpuTimes],
      ]
    : [['wall', times]])
    for (const kind of Object.keys(kinds)) {
      const [small, large] = figures.map((side) => sorted(side[kind]));
      const verdict = at(large, 0.99) <= GOAL_MS ? 'meets' : 'misses';
      console.log(
        `  ${what.padEnd(4)} ${kind.padEnd(4)}  ${CASSETTES} cassettes: median ${ms(at(large, 0.5))}, p99 ${ms(at(large, 0.99))} (${verdict} the ${GOAL_MS} ms goal)` +
          `   10 cassettes: median ${ms(at(small, 0.5))}, p99 ${ms(at(small, 0.99))}`,
      );
    }
}

const check = (status, i) => {
  const expected = i < 0 ? 501 : 200;
  if (status !== expected) throw new Error(`answered ${status}, not ${expected}`);
};
const replayEnv = (dir) => ({
  REPLAY_DIR: dir,
  REPLAY_MISS: 'error',
  REPLAY_SPEED: '0',
  RATE_LIMIT_MAX: '1000000000',
  LOG_LEVEL: 'error',
});

const apps = [];
const servers = [];
try {
  console.log(
    `replay with ${CASSETTES} cassettes vs 10, ${CALLS} calls of each kind (one at a time, after ${WARMUP} warm-up)`,
  );
  const loadStarted = performance.now();
  for (const dir of folders)
    apps.push(await build(loadConfig({ DATABASE_URL: ':memory:', ...replayEnv(dir) }), { seed }));
  console.log(
    `start-up of both apps, the folders read, checked and indexed: ${ms(performance.now() - loadStarted)}`,
  );
  await measure(
    "the server's own time (app.inject, no socket)",
    apps,
    async (app, i) => {
      const response = await app.inject({
        method: 'POST',
        url: '/v1/agents/chat/request',
        headers,
        payload: JSON.stringify(question(i)),
      });
      check(response.statusCode, i);
    },
    true,
  );
  for (const app of apps.splice(0)) await app.close();

  for (const dir of folders)
    servers.push(await spawnUntil(['--input-type=module', '-e', serverScript(dir)], {}, /^SERVER (\S+)/));
  console.log(
    `start-up in its own process: ${servers[1].readyMs.toFixed(0)} ms (10 cassettes: ${servers[0].readyMs.toFixed(0)} ms)`,
  );
  await measure(
    'over HTTP, each server in its own process',
    servers.map((server) => server.match[1]),
    async (base, i) => {
      const response = await fetch(`${base}/agents/chat/request`, {
        method: 'POST',
        headers,
        body: JSON.stringify(question(i)),
      });
      await response.arrayBuffer();
      check(response.status, i);
    },
  );
  console.log(`machine: ${cpus().length} cores, load average ${loadAverage()}`);
} finally {
  for (const app of apps) await app.close();
  for (const server of servers) server.child.kill();
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
}
