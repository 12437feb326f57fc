#!/usr/bin/env node
/**
 * The engines' answers over HTTP against a bare route sending the same bytes: embeddings of 16
 * sentences a request (`POST /v1/vectors/embedding`) and a plain reference chat
 * (`POST /v1/agents/chat/request`, not streamed), each against a bare Fastify route that parses
 * the same requests and answers the server's own answer to the first of them (so both send the
 * same bytes), each server in its own process, in alternating rounds. Requests cycle through
 * distinct payloads (embeddings: 1,250 of 16 sentences in 7 languages; chats: 1,000 messages), so
 * no cache answers from memory.
 *
 * The server runs with its per-token limits out of the way (one token sends everything): only
 * answers with a 2xx count, and any other answer is printed and fails the run, since a refusal is
 * cheaper than an answer and would flatter the figure. Goals (issue #27): embeddings ≥ 0.2× and
 * reference chat ≥ 0.2× the bare route's requests a second.
 * Usage: pnpm build && node bench/engine-throughput.mjs
 * Env: BENCH_DURATION (seconds per run, default 5), BENCH_ROUNDS (default 3).
 */
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { cyclingRequest } from './bench-bodies.mjs';
import { chatPayloads, embeddingPayloads as embeddingBodies } from './embeddings-corpus.mjs';
import { loadAverage } from './machine-load.mjs';
import { spawnThroughputServer, spawnUntil } from './spawn-until.mjs';

const DURATION = Number(process.env.BENCH_DURATION ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = 50;
const GOAL = 0.2;
const BATCH = 16;
const BARE = fileURLToPath(new URL('./server-bare-route.mjs', import.meta.url));
const headers = { authorization: 'Bearer dev-token', 'content-type': 'application/json' };

const embeddingPayloads = embeddingBodies(BATCH);

const kinds = [
  { name: 'embeddings (16 sentences)', path: '/v1/vectors/embedding', payloads: embeddingPayloads },
  { name: 'reference chat (plain)', path: '/v1/agents/chat/request', payloads: chatPayloads() },
];

/** Answers a second with a 2xx over one run, and what else came back. */
async function run(url, payloads) {
  const result = await autocannon({
    url,
    method: 'POST',
    headers,
    requests: [cyclingRequest(payloads)],
    connections: CONNECTIONS,
    duration: DURATION,
  });
  return { perSecond: result['2xx'] / DURATION, failures: result.non2xx + result.errors + result.timeouts };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

console.log(
  `load average ${loadAverage()}; ${CONNECTIONS} connections; ${ROUNDS} rounds of ${DURATION} s per run`,
);
const server = await spawnThroughputServer();
const bares = [];
let failed = false;
try {
  for (const kind of kinds) {
    const first = await fetch(`${server.origin}${kind.path}`, {
      method: 'POST',
      headers,
      body: kind.payloads[0],
    });
    const answer = await first.text();
    if (!first.ok) throw new Error(`${kind.path} answered ${first.status}: ${answer}`);
    const bare = await spawnUntil([BARE], { BARE_CREATE_BODY: answer }, /ready (\d+)/);
    bares.push(bare);
    kind.bareUrl = `http://127.0.0.1:${bare.port}/v1/agents/create`;
    kind.answerBytes = Buffer.byteLength(answer);
    kind.ratios = [];
  }
  for (let round = 1; round <= ROUNDS; round++) {
    for (const kind of kinds) {
      // Alternating which runs first, so neither always meets the machine as the other left it.
      const order = round % 2 === 1 ? ['bare', 'server'] : ['server', 'bare'];
      const runs = {};
      for (const which of order)
        runs[which] = await run(
          which === 'bare' ? kind.bareUrl : `${server.origin}${kind.path}`,
          kind.payloads,
        );
      if (runs.server.failures > 0 || runs.bare.failures > 0) failed = true;
      kind.ratios.push(runs.server.perSecond / runs.bare.perSecond);
      console.log(
        `round ${round} ${kind.name.padEnd(26)} bare ${Math.round(runs.bare.perSecond)
          .toString()
          .padStart(
            6,
          )}/s  server ${Math.round(runs.server.perSecond).toString().padStart(6)}/s  (${kind.answerBytes} bytes an answer)${
          runs.server.failures + runs.bare.failures > 0
            ? `  ${runs.server.failures} server and ${runs.bare.failures} bare answers not 2xx!`
            : ''
        }`,
      );
    }
  }
  for (const kind of kinds) {
    const ratio = median(kind.ratios);
    if (ratio < GOAL) process.exitCode = 1;
    console.log(
      `${kind.name}: ${ratio.toFixed(2)}× the bare route's answers a second (median of rounds ${Math.min(...kind.ratios).toFixed(2)}–${Math.max(...kind.ratios).toFixed(2)}; goal ≥ ${GOAL})`,
    );
  }
  if (failed) {
    console.log('some answers were not 2xx: the figures above do not count them, and this run fails');
    process.exitCode = 1;
  }
  console.log(`load average ${loadAverage()}`);
} finally {
  server.child.kill();
  for (const bare of bares) bare.child.kill();
}
