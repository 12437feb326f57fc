#!/usr/bin/env node
/**
 * SDK overhead: calls/s through the built SDK vs plain `fetch` + `response.json()` against the same
 * reference server, in one run. The server runs in its own process; this process drives the load
 * (N workers calling in a loop) and alternates raw and SDK rounds so drift on a shared machine hits both.
 *
 *   pnpm --filter @assistant-platform/server build && pnpm --filter @assistant-platform/client build
 *   node bench/sdk-overhead.mjs [--seconds=2] [--rounds=8] [--concurrency=16]
 *
 * Each round measures raw and SDK back to back (order alternating), so both halves of a pair share
 * the machine's load; the overhead is the median of the per-pair ratios. The client process's CPU
 * time per call is printed too: it is the SDK's own cost, and barely moved by other load.
 *
 * Both sides do the same work: send the bearer token, parse the JSON envelope, check the status and
 * hand back `data`. The SDK adds openapi-fetch, the request clone kept for retries, the timeout and
 * abort wiring and error mapping. Goal (issue): SDK overhead ≤ 10% of raw calls/s.
 */
import { spawn } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { createInterface } from 'node:readline';

const arg = (name, fallback) =>
  Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const SECONDS = arg('seconds', 2);
const ROUNDS = arg('rounds', 8);
const CONCURRENCY = arg('concurrency', 16);
const VERBOSE = process.argv.includes('--verbose');
const TOKEN = 'bench-sdk-token-0123456789';
const root = new URL('../', import.meta.url);

const { createAssistantClient } = await import(new URL('packages/client/dist/index.js', root).href);

const serverScript = `
  import { startReferenceServer } from ${JSON.stringify(new URL('apps/server/dist/index.js', root).href)};
  const server = await startReferenceServer({
    env: { RATE_LIMIT_MAX: '1000000000', LOG_LEVEL: 'warn' },
    seed: {
      accounts: [{ id: 1, name: 'Bench' }],
      tokens: [{ token: '${TOKEN}', accountId: 1, scopes: ['*'] }],
      agents: [{ id: 1, accountId: 1, name: 'Bench agent', instruction: 'Answer.' }],
    },
  });
  console.log('SERVER ' + server.baseUrl);
`;

async function startServer() {
  const child = spawn(process.execPath, ['--input-type=module', '-e', serverScript], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  for await (const line of createInterface({ input: child.stdout })) {
    const match = /^SERVER (\S+)/.exec(line);
    if (match) return { child, baseUrl: match[1] };
  }
  throw new Error('the reference server exited before printing its URL');
}

/** Runs `call` from CONCURRENCY workers for `seconds`; returns calls/s and client CPU µs per call. */
async function measure(call, seconds = SECONDS) {
  let calls = 0;
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  const deadline = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < deadline) {
        await call();
        calls++;
      }
    }),
  );
  const cpu = process.cpuUsage(cpuBefore);
  return {
    rate: calls / ((performance.now() - started) / 1000),
    cpuPerCall: (cpu.user + cpu.system) / calls,
  };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const { child, baseUrl } = await startServer();
try {
  const sdk = createAssistantClient({ baseUrl, token: TOKEN });
  const headers = { authorization: `Bearer ${TOKEN}` };
  const postHeaders = { ...headers, 'content-type': 'application/json' };
  const agentBody = JSON.stringify({ name: 'Bench', instruction: 'Answer.' });
  const unwrap = async (response) => {
    const body = await response.json();
    if (!response.ok) throw new Error(`raw call failed: ${response.status}`);
    return body.data;
  };
  const operations = {
    'GET agent': {
      raw: () => fetch(`${baseUrl}/agents/view/1`, { headers }).then(unwrap),
      sdk: () => sdk.agents.get(1),
    },
    'POST create agent': {
      raw: () =>
        fetch(`${baseUrl}/agents/create`, { method: 'POST', headers: postHeaders, body: agentBody }).then(
          unwrap,
        ),
      sdk: () => sdk.agents.create({ name: 'Bench', instruction: 'Answer.' }),
    },
  };

  console.log(
    `SDK overhead vs raw fetch: ${CONCURRENCY} workers, ${ROUNDS} rounds of ${SECONDS} s per side, ` +
      `Node ${process.version}, ${cpus().length} CPUs, load ${loadavg()[0].toFixed(2)}`,
  );
  for (const [name, { raw, sdk: viaSdk }] of Object.entries(operations)) {
    await measure(raw, 1); // warm-up: JIT, connection pool, SQLite pages
    await measure(viaSdk, 1);
    const pairs = [];
    for (let round = 0; round < ROUNDS; round++) {
      const first = round % 2 === 0 ? raw : viaSdk;
      const second = round % 2 === 0 ? viaSdk : raw;
      const a = await measure(first);
      const b = await measure(second);
      pairs.push(round % 2 === 0 ? { raw: a, sdk: b } : { raw: b, sdk: a });
    }
    const rawRate = median(pairs.map((pair) => pair.raw.rate));
    const sdkRate = median(pairs.map((pair) => pair.sdk.rate));
    const overhead = (1 - median(pairs.map((pair) => pair.sdk.rate / pair.raw.rate))) * 100;
    const rawCpu = median(pairs.map((pair) => pair.raw.cpuPerCall));
    const sdkCpu = median(pairs.map((pair) => pair.sdk.cpuPerCall));
    console.log(
      `${name.padEnd(18)} raw ${rawRate.toFixed(0).padStart(6)} calls/s   sdk ${sdkRate.toFixed(0).padStart(6)} calls/s` +
        `   overhead ${overhead.toFixed(1).padStart(5)}% (median of ${ROUNDS} paired rounds; goal ≤ 10%: ${overhead <= 10 ? 'met' : 'NOT met'})` +
        `   client CPU/call raw ${rawCpu.toFixed(0)} µs, sdk ${sdkCpu.toFixed(0)} µs`,
    );
    if (VERBOSE) {
      for (const pair of pairs) {
        console.log(
          `    raw ${pair.raw.rate.toFixed(0)} calls/s ${pair.raw.cpuPerCall.toFixed(0)} µs   sdk ${pair.sdk.rate.toFixed(0)} calls/s ${pair.sdk.cpuPerCall.toFixed(0)} µs`,
        );
      }
    }
  }
} finally {
  child.kill();
}
