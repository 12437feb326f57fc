#!/usr/bin/env node
/**
 * SDK overhead: calls/s through the built SDK vs openapi-fetch called directly and vs plain `fetch` +
 * `response.json()`, against the same reference server, in one run. The server runs in its own
 * process; this process drives the load (N workers calling in a loop).
 *
 *   pnpm --filter @assistant-platform/server build && pnpm --filter @assistant-platform/client build
 *   node bench/sdk-overhead.mjs [--blocks=30] [--slices=6] [--slice-ms=100] [--concurrency=16]
 *
 * The variants take turns in short slices (100 ms each, in a rotating order), so a change in the
 * machine's speed, which on a shared machine moves calls/s by ±20% from one second to the next, hits
 * all of them alike. A block is `slices` turns of each variant; the overhead is the mean of the blocks'
 * ratios, with its 95% confidence interval. The client process's CPU time per call is printed too.
 *
 * Four variants:
 * - fetch: a bare `fetch`;
 * - fetch + timeout: `fetch` with a per-call AbortController and timer, the least any caller that bounds
 *   its calls pays (Node 20's fetch follows a request's signal through a WeakRef, a FinalizationRegistry
 *   entry and an abort listener: about 6–8% of a call here);
 * - openapi-fetch + timeout: a plain `createClient()` of openapi-fetch called with the same per-call
 *   timeout signal: what the SDK is built on, used directly, bounding its calls as the SDK does;
 * - sdk: the SDK's resource method (default options: a 60 s timeout per attempt, 2 retries).
 *
 * Every variant does the same work: send the bearer token, parse the JSON envelope, check the status
 * and hand back `data`; every POST sends a new `Idempotency-Key`, as the SDK does by default (so the
 * server stores an answer for each variant alike). The SDK adds its per-call attempt state, retry
 * checks and error mapping. A fifth POST variant, the SDK with `idempotencyKey: false`, shows what
 * the server's keeping of answers costs a create.
 * Goal: the SDK within 5% of openapi-fetch + timeout. `--concurrency=1` measures one caller calling in
 * sequence instead of a saturated client.
 */
import { createRequire } from 'node:module';
import { cpus, loadavg } from 'node:os';
import { pathToFileURL } from 'node:url';
import { arg } from './bench-args.mjs';
import { spawnUntil } from './spawn-until.mjs';

const BLOCKS = arg('blocks', 30);
const SLICES = arg('slices', 6);
const SLICE_MS = arg('slice-ms', 100);
const CONCURRENCY = arg('concurrency', 16);
const VERBOSE = process.argv.includes('--verbose');
const TOKEN = 'bench-sdk-token-0123456789';
const root = new URL('../', import.meta.url);

const { createAssistantClient } = await import(new URL('packages/client/dist/index.js', root).href);
// The openapi-fetch the SDK's ESM build imports: the client package's own dependency.
const openapiFetchManifest = createRequire(new URL('packages/client/package.json', root)).resolve(
  'openapi-fetch/package.json',
);
const { default: createClient } = await import(
  new URL('dist/index.mjs', pathToFileURL(openapiFetchManifest)).href
);

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

/** Runs `call` from CONCURRENCY workers for `ms`; returns the calls, milliseconds and client CPU µs. */
async function slice(call, ms) {
  let calls = 0;
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  const deadline = started + ms;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < deadline) {
        await call();
        calls++;
      }
    }),
  );
  const cpu = process.cpuUsage(cpuBefore);
  return { calls, ms: performance.now() - started, cpu: cpu.user + cpu.system };
}

/** One block: `SLICES` turns of each variant in a rotating order; calls/s and CPU µs/call of each. */
async function block(variants) {
  const totals = variants.map(() => ({ calls: 0, ms: 0, cpu: 0 }));
  for (let turn = 0; turn < SLICES; turn++) {
    for (let i = 0; i < variants.length; i++) {
      const index = (turn + i) % variants.length;
      const result = await slice(variants[index], SLICE_MS);
      totals[index].calls += result.calls;
      totals[index].ms += result.ms;
      totals[index].cpu += result.cpu;
    }
  }
  return totals.map((t) => ({ rate: t.calls / (t.ms / 1000), cpuPerCall: t.cpu / t.calls }));
}

const mean = (values) => values.reduce((sum, value) => sum + value, 0) / values.length;
/** Half the width of the 95% confidence interval of the mean (normal approximation). */
function margin(values) {
  const m = mean(values);
  const variance = values.reduce((sum, value) => sum + (value - m) ** 2, 0) / (values.length - 1);
  return (1.96 * Math.sqrt(variance)) / Math.sqrt(values.length);
}

const { child, match } = await spawnUntil(['--input-type=module', '-e', serverScript], {}, /^SERVER (\S+)/);
const baseUrl = match[1];
try {
  const sdk = createAssistantClient({ baseUrl, token: TOKEN });
  const headers = { authorization: `Bearer ${TOKEN}` };
  const api = createClient({ baseUrl, headers });
  const postHeaders = () => ({
    ...headers,
    'content-type': 'application/json',
    'idempotency-key': crypto.randomUUID(),
  });
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
  const unwrapOpenapi = ({ data, error, response }) => {
    if (error !== undefined || !response.ok) throw new Error(`openapi-fetch call failed: ${response.status}`);
    return data.data;
  };
  const getAgent = (signal) => fetch(`${baseUrl}/agents/view/1`, { headers, signal }).then(unwrap);
  const createAgent = (signal) =>
    fetch(`${baseUrl}/agents/create`, {
      method: 'POST',
      headers: postHeaders(),
      body: agentBody,
      signal,
    }).then(unwrap);
  const operations = {
    'GET agent': {
      raw: () => getAgent(undefined),
      timeout: withTimeout(getAgent),
      openapi: withTimeout((signal) =>
        api.GET('/agents/view/{id}', { params: { path: { id: '1' } }, signal }).then(unwrapOpenapi),
      ),
      sdk: () => sdk.agents.get(1),
    },
    'POST create agent': {
      raw: () => createAgent(undefined),
      timeout: withTimeout(createAgent),
      openapi: withTimeout((signal) =>
        api
          .POST('/agents/create', {
            body: { name: 'Bench', instruction: 'Answer.' },
            headers: { 'idempotency-key': crypto.randomUUID() },
            signal,
          })
          .then(unwrapOpenapi),
      ),
      sdk: () => sdk.agents.create({ name: 'Bench', instruction: 'Answer.' }),
      sdkWithoutKey: () =>
        sdk.agents.create({ name: 'Bench', instruction: 'Answer.' }, { idempotencyKey: false }),
    },
  };

  console.log(
    `SDK overhead: ${CONCURRENCY} workers, ${BLOCKS} blocks of ${SLICES} × ${SLICE_MS} ms per variant, ` +
      `Node ${process.version}, ${cpus().length} CPUs, load ${loadavg()[0].toFixed(2)}`,
  );
  const [FETCH, TIMEOUT, OPENAPI, SDK, SDK_WITHOUT_KEY] = [0, 1, 2, 3, 4];
  for (const [name, calls] of Object.entries(operations)) {
    const names = ['fetch', 'fetch + timeout', 'openapi-fetch + timeout', 'sdk'];
    const variants = [calls.raw, calls.timeout, calls.openapi, calls.sdk];
    if (calls.sdkWithoutKey) {
      names.push('sdk without a key');
      variants.push(calls.sdkWithoutKey);
    }
    for (const variant of variants) await slice(variant, 1000); // warm-up: JIT, pool, SQLite pages
    const blocks = [];
    for (let i = 0; i < BLOCKS; i++) blocks.push(await block(variants));
    /** How far variant `v` is below variant `base` in calls/s, per block, in %. */
    const below = (v, base) => blocks.map((b) => (1 - b[v].rate / b[base].rate) * 100);
    const summary = (values) => `${mean(values).toFixed(1)}% ± ${margin(values).toFixed(1)}`;
    const rate = (v) => mean(blocks.map((b) => b[v].rate)).toFixed(0);
    const cpu = (v) => mean(blocks.map((b) => b[v].cpuPerCall)).toFixed(0);
    console.log(`${name}: calls/s ${names.map((n, v) => `${n} ${rate(v)}`).join(', ')}`);
    console.log(`  client CPU/call: ${names.map((n, v) => `${n} ${cpu(v)} µs`).join(', ')}`);
    console.log(
      `  sdk below openapi-fetch + timeout: ${summary(below(SDK, OPENAPI))} ` +
        `(goal ≤ 5%: ${mean(below(SDK, OPENAPI)) <= 5 ? 'met' : 'NOT met'})`,
    );
    console.log(
      `  sdk below fetch: ${summary(below(SDK, FETCH))}, below fetch + timeout: ${summary(below(SDK, TIMEOUT))}; ` +
        `openapi-fetch + timeout below fetch + timeout: ${summary(below(OPENAPI, TIMEOUT))}`,
    );
    if (calls.sdkWithoutKey) {
      console.log(`  sdk (a key per call) below sdk without a key: ${summary(below(SDK, SDK_WITHOUT_KEY))}`);
    }
    if (VERBOSE) {
      for (const b of blocks) {
        console.log(
          `    ${b.map((v) => `${v.rate.toFixed(0)} calls/s ${v.cpuPerCall.toFixed(0)} µs`).join('   ')}`,
        );
      }
    }
  }
} finally {
  child.kill();
}
