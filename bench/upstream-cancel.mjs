#!/usr/bin/env node
import { mkdtempSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadAverage } from './machine-load.mjs';
/**
 * How soon a model server stops generating when the client of a chat leaves, streamed and not, with
 * the reference server (its own process, CHAT_ENGINE=openai) in front of a llama-server-like
 * upstream that makes one token every BENCH_TOKEN_MS (40: a CPU model's 25 tokens/s) and, like
 * llama-server, finishes a non-streamed answer whatever its client does. Each round asks for 300
 * tokens and leaves once the upstream made 10; prints, per mode, the milliseconds from leaving to
 * the generation's end and the tokens made after leaving (median and worst), and the machine's
 * load. Goal: both modes stop within a few tokens (before, a non-streamed answer ran all 300
 * tokens, about 12 s).
 * Usage: pnpm build && node bench/upstream-cancel.mjs   Env: BENCH_ROUNDS (default 10), BENCH_TOKEN_MS.
 */
import { CLI, DEV_SEED, serveArgs, spawnUntil } from './spawn-until.mjs';

const { llamaServerLike, startFakeUpstream } = await import('../packages/engines/dist/testing/index.js');

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 10);
const TOKEN_MS = Number(process.env.BENCH_TOKEN_MS ?? 40);
const MAX_TOKENS = 300;
const LEAVE_AFTER = 10;
const TOKEN = 'dev-token';

const upstream = await startFakeUpstream();
const server = await spawnUntil(
  serveArgs(['--port', '0', '--seed', DEV_SEED, '--dev-token', TOKEN], CLI),
  {
    DATABASE_URL: join(mkdtempSync(join(tmpdir(), 'bench-cancel-')), 'bench.sqlite'),
    LOG_LEVEL: 'warn',
    CHAT_ENGINE: 'openai',
    CHAT_UPSTREAM_URL: upstream.url,
    CHAT_MODEL_MAP: JSON.stringify({ 'svc-v1-blaze-20250318': 'local' }),
  },
  /listening on http:\/\/[^:]+:(\d+)/,
);

const body = (stream) =>
  JSON.stringify({
    name: 'Bench',
    description: 'Tells stories.',
    instruction: 'Answer.',
    intents: ['story'],
    message: { role: 'user', content: [{ type: 'text', text: 'Tell me a long story.' }] },
    max_tokens: MAX_TOKENS,
    stream,
  });

async function round(stream) {
  const fake = llamaServerLike({ tokenIntervalMs: TOKEN_MS });
  upstream.handle(fake.handler);
  const client = request(`http://127.0.0.1:${server.port}/v1/agents/chat/request`, {
    method: 'POST',
    agent: false,
    headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
  });
  client.on('error', () => {});
  client.end(body(stream));
  while (fake.generations[0] === undefined) await new Promise((resolve) => setTimeout(resolve, 2));
  const generation = fake.generations[0];
  await generation.reached(LEAVE_AFTER);
  const left = performance.now();
  const tokensWhenLeft = generation.generated;
  client.destroy();
  const how = await generation.ended;
  return { ms: performance.now() - left, after: generation.generated - tokensWhenLeft, how };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
try {
  console.log(
    `${ROUNDS} rounds per mode, a token every ${TOKEN_MS} ms, ${MAX_TOKENS} tokens asked, leaving after ${LEAVE_AFTER}`,
  );
  for (const stream of [false, true]) {
    const results = [];
    for (let i = 0; i < ROUNDS; i++) results.push(await round(stream));
    const ms = results.map((result) => result.ms);
    const after = results.map((result) => result.after);
    const finished = results.filter((result) => result.how === 'finished').length;
    console.log(
      `${stream ? 'streamed    ' : 'not streamed'}  stopped after ${median(ms).toFixed(0)} ms median, ${Math.max(...ms).toFixed(0)} ms worst; ` +
        `${median(after)} tokens median, ${Math.max(...after)} worst made after leaving; ${finished} of ${ROUNDS} ran to the end`,
    );
  }
  console.log(`load average  ${loadAverage(1)}`);
} finally {
  server.child.kill();
  await upstream.close();
}
