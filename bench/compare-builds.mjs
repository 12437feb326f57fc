#!/usr/bin/env node
// Two builds of the reference server side by side (a dependency upgrade, a change of the request
// path): this checkout's dist/cli.js and another's, each in its own process with its per-token
// limits out of the way, GET agent, create (plain and with an Idempotency-Key), a small plain chat,
// the same chat streamed and embeddings of 16 distinct sentences a request, in alternating rounds
// (which build goes first swaps each round), so both meet the same machine.
// Prints each build's median requests a second per kind and this build's ratio to the other's.
// Usage: pnpm build && node bench/compare-builds.mjs <other checkout>/apps/server/dist/cli.js
// Env: BENCH_DURATION (seconds per run, default 4), BENCH_ROUNDS (default 3).
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { cyclingRequest, supportChat } from './bench-bodies.mjs';
import { embeddingPayloads } from './embeddings-corpus.mjs';
import { loadAverage } from './machine-load.mjs';
import { spawnThroughputServer } from './spawn-until.mjs';

const DURATION = Number(process.env.BENCH_DURATION ?? 4);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const other = process.argv[2];
if (other === undefined) {
  console.error('usage: node bench/compare-builds.mjs <other checkout>/apps/server/dist/cli.js');
  process.exit(2);
}
const builds = {
  other,
  this: fileURLToPath(new URL('../apps/server/dist/cli.js', import.meta.url)),
};
const headers = { authorization: 'Bearer dev-token', 'content-type': 'application/json' };
const kinds = {
  'GET agent': { path: '/v1/agents/view/1' },
  create: {
    path: '/v1/agents/create',
    method: 'POST',
    body: JSON.stringify({ name: 'Bench agent', instruction: 'Answer quickly.', intents: ['bench'] }),
  },
  // The same create with a new Idempotency-Key each time, as the SDK sends every POST.
  'create, keyed': {
    path: '/v1/agents/create',
    method: 'POST',
    body: JSON.stringify({ name: 'Bench agent', instruction: 'Answer quickly.', intents: ['bench'] }),
    idReplacement: true,
    headers: { ...headers, 'idempotency-key': 'bench-[<id>]' },
  },
  'chat (plain)': { path: '/v1/agents/chat/request', method: 'POST', body: supportChat() },
  'chat stream': { path: '/v1/agents/chat/request', method: 'POST', body: supportChat({ stream: true }) },
  embeddings: {
    path: '/v1/vectors/embedding',
    method: 'POST',
    requests: [cyclingRequest(embeddingPayloads())],
  },
};

console.log(`load average ${loadAverage()}; ${ROUNDS} rounds of ${DURATION} s per run`);
console.log(`other: ${builds.other}\nthis:  ${builds.this}\n`);
const servers = Object.fromEntries(
  await Promise.all(
    Object.entries(builds).map(async ([name, cli]) => [name, await spawnThroughputServer({}, cli)]),
  ),
);
const rates = Object.fromEntries(Object.keys(kinds).map((kind) => [kind, { other: [], this: [] }]));
for (let round = 0; round < ROUNDS; round++) {
  const order = round % 2 === 0 ? ['other', 'this'] : ['this', 'other'];
  for (const [kind, { path, ...options }] of Object.entries(kinds))
    for (const name of order) {
      const result = await autocannon({
        url: `${servers[name].origin}${path}`,
        headers,
        connections: 50,
        duration: DURATION,
        ...options,
      });
      if (result.non2xx > 0) throw new Error(`${name}'s ${kind} answered ${result.non2xx} non-2xx`);
      rates[kind][name].push(result.requests.average);
    }
}
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
for (const [kind, by] of Object.entries(rates)) {
  const [a, b] = [median(by.other), median(by.this)];
  console.log(
    `${kind.padEnd(14)} other ${String(Math.round(a)).padStart(6)} req/s   this ${String(Math.round(b)).padStart(6)} req/s   this/other ${(b / a).toFixed(2)}×`,
  );
}
console.log(`\nload average ${loadAverage()}`);
for (const { child } of Object.values(servers)) child.kill('SIGTERM');
