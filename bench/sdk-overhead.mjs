#!/usr/bin/env node
/**
 * SDK overhead: calls/s through the built SDK vs plain `fetch` + `response.json()` against the same
 * reference server, in one run. The server runs in its own process; this process drives the load
 * (N workers calling in a loop) and alternates raw and SDK rounds so drift on a shared machine hits both.
 *
 *   pnpm --filter @assistant-platform/server build && pnpm --filter @assistant-platform/client build
 *   node bench/sdk-overhead.mjs [--seconds=1] [--rounds=12] [--concurrency=16]
 *
 * Each round measures raw, raw with a timeout signal, and SDK back to back (in a rotating order), so
 * they share the machine's load; the overhead is the median of the per-round ratios. The client
 * process's CPU time per call is printed too: it is the SDK's own cost, and less moved by other load.
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
const SECONDS = arg('seconds', 1);
const ROUNDS = arg('rounds', 12);
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
  /**
   * What any caller that honours a timeout pays on top of a bare fetch: an AbortController per call,
   * handed to fetch, and its timer. Node 20's fetch follows a request's signal through a WeakRef and a
   * FinalizationRegistry, a cost per call the SDK cannot avoid while it bounds each attempt.
   */
  const withTimeout = (send) => async () => {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), 60_000);
    try {
      return await send(controller.signal);
    } finally {
      clearTimeout(timer);
    }
  };
  const getAgent = (signal) => fetch(`${baseUrl}/agents/view/1`, { headers, signal }).then(unwrap);
  const createAgent = (signal) =>
    fetch(`${baseUrl}/agents/create`, { method: 'POST', headers: postHeaders, body: agentBody, signal }).then(
      unwrap,
    );
  const operations = {
    'GET agent': {
      raw: () => getAgent(undefined),
      timeout: withTimeout(getAgent),
      sdk: () => sdk.agents.get(1),
    },
    'POST create agent': {
      raw: () => createAgent(undefined),
      timeout: withTimeout(createAgent),
      sdk: () => sdk.agents.create({ name: 'Bench', instruction: 'Answer.' }),
    },
  };

  console.log(
    `SDK overhead vs raw fetch: ${CONCURRENCY} workers, ${ROUNDS} rounds of ${SECONDS} s per variant, ` +
      `Node ${process.version}, ${cpus().length} CPUs, load ${loadavg()[0].toFixed(2)}`,
  );
  const variants = ['raw', 'timeout', 'sdk'];
  for (const [name, calls] of Object.entries(operations)) {
    for (const variant of variants) await measure(calls[variant], 1); // warm-up: JIT, pool, SQLite pages
    const rounds = [];
    for (let round = 0; round < ROUNDS; round++) {
      // Each round measures all three back to back, in a rotating order, so they share the machine's load.
      const result = {};
      for (let i = 0; i < variants.length; i++) {
        const variant = variants[(round + i) % variants.length];
        result[variant] = await measure(calls[variant]);
      }
      rounds.push(result);
    }
    const rate = (variant) => median(rounds.map((round) => round[variant].rate));
    const cpu = (variant) => median(rounds.map((round) => round[variant].cpuPerCall));
    /** How far `variant` is below `base` in calls/s: the median of the per-round ratios. */
    const overheadOf = (variant, base = 'raw') =>
      (1 - median(rounds.map((round) => round[variant].rate / round[base].rate))) * 100;
    const overhead = overheadOf('sdk');
    console.log(
      `${name.padEnd(18)} raw ${rate('raw').toFixed(0).padStart(6)} calls/s   sdk ${rate('sdk').toFixed(0).padStart(6)} calls/s` +
        `   overhead ${overhead.toFixed(1).padStart(5)}% (median of ${ROUNDS} rounds; goal ≤ 10%: ${overhead <= 10 ? 'met' : 'NOT met'})` +
        `   client CPU/call raw ${cpu('raw').toFixed(0)} µs, sdk ${cpu('sdk').toFixed(0)} µs`,
    );
    console.log(
      `${''.padEnd(18)} raw fetch with a per-call timeout signal: ${rate('timeout').toFixed(0)} calls/s, ` +
        `${overheadOf('timeout').toFixed(1)}% below raw, client CPU/call ${cpu('timeout').toFixed(0)} µs; ` +
        `the SDK is ${overheadOf('sdk', 'timeout').toFixed(1)}% below it`,
    );
    if (VERBOSE) {
      for (const round of rounds) {
        console.log(
          `    ${variants.map((v) => `${v} ${round[v].rate.toFixed(0)} calls/s ${round[v].cpuPerCall.toFixed(0)} µs`).join('   ')}`,
        );
      }
    }
  }
} finally {
  child.kill();
}
