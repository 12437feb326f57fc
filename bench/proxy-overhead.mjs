#!/usr/bin/env node
/**
 * Proxy overhead: the latency a validation proxy (`assistant-server proxy --target`) adds to a
 * call, against calling its target directly. A reference server stands in for the hosted service;
 * it and the proxy each run in their own process, and this process calls both, one call at a time,
 * in alternating rounds (so a change in the machine's load hits both alike), and prints each
 * one's median and p99 and the difference of the medians.
 *
 *   pnpm --filter @assistant-platform/server build
 *   node bench/proxy-overhead.mjs [--calls=3000] [--warmup=2000]
 *
 * Every proxied call is checked against the contract (request, status, headers, envelope, body;
 * a stream's every event), which is part of what is measured. Goal (issue): at most 2 ms added
 * median latency.
 */
import { once } from 'node:events';
import { cpus, loadavg } from 'node:os';
import { spawnUntil } from './spawn-until.mjs';

const arg = (name, fallback) =>
  Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const CALLS = arg('calls', 3000);
const WARMUP = arg('warmup', 2000);
const ROUND = 100;
const GOAL_MS = 2;
const TOKEN = 'bench-token-0123456789';
const root = new URL('../', import.meta.url);
const cli = new URL('apps/server/dist/cli.js', root).pathname;

const targetScript = `
  import { startReferenceServer } from ${JSON.stringify(new URL('apps/server/dist/index.js', root).href)};
  const server = await startReferenceServer({
    env: { RATE_LIMIT_MAX: '1000000000', LOG_LEVEL: 'warn' },
    seed: { accounts: [{ id: 1, name: 'Bench' }], tokens: [{ token: '${TOKEN}', accountId: 1, scopes: ['*'] }],
            agents: [{ id: 1, accountId: 1, name: 'Bench', instruction: 'Answer.' }] },
  });
  console.log('SERVER ' + server.baseUrl);
`;

const target = await spawnUntil(['--input-type=module', '-e', targetScript], {}, /^SERVER (\S+)/);
const targetUrl = target.match[1];
const proxy = await spawnUntil(
  [cli, 'proxy', '--target', targetUrl, '--port', '0'],
  { DATABASE_URL: ':memory:', LOG_LEVEL: 'warn', LOG_FORMAT: 'json' },
  /listening on (\S+)\/v1/,
);
const proxyUrl = `${proxy.match[1]}/v1`;

const headers = { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' };
const chatBody = JSON.stringify({
  name: 'Bench',
  description: '',
  instruction: 'Answer.',
  intents: [],
  message: { role: 'user', content: [{ type: 'text', text: 'Hello' }] },
});
const calls = {
  'GET agent': (base) => fetch(`${base}/agents/view/1`, { headers }),
  'chat (JSON)': (base) => fetch(`${base}/agents/chat/request`, { method: 'POST', headers, body: chatBody }),
};

/** Milliseconds of one call, its whole answer read. */
async function timeOne(call, base) {
  const started = performance.now();
  const response = await call(base);
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`${base} answered ${response.status}`);
  return performance.now() - started;
}

const median = (sorted) => sorted[Math.floor(sorted.length / 2)];
const p99 = (sorted) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))];

try {
  const rows = [];
  for (const [name, call] of Object.entries(calls)) {
    // V8 optimises both servers' paths over the first thousands of calls: not part of the figure.
    for (let i = 0; i < WARMUP; i++) await timeOne(call, i % 2 ? targetUrl : proxyUrl);
    const direct = [];
    const proxied = [];
    for (let done = 0; done < CALLS; done += ROUND) {
      for (let i = 0; i < ROUND; i++) direct.push(await timeOne(call, targetUrl));
      for (let i = 0; i < ROUND; i++) proxied.push(await timeOne(call, proxyUrl));
    }
    direct.sort((a, b) => a - b);
    proxied.sort((a, b) => a - b);
    rows.push({ name, direct, proxied });
  }
  console.log(
    `\nOne caller, ${CALLS} calls each way per row, alternating rounds of ${ROUND} (Node ${process.version})\n`,
  );
  console.log('call          direct p50   p99    proxied p50   p99    added median');
  let met = true;
  for (const { name, direct, proxied } of rows) {
    const added = median(proxied) - median(direct);
    met &&= added <= GOAL_MS;
    console.log(
      `${name.padEnd(13)} ${median(direct).toFixed(2).padStart(9)} ${p99(direct).toFixed(2).padStart(6)} ${median(proxied).toFixed(2).padStart(13)} ${p99(proxied).toFixed(2).padStart(6)} ${added.toFixed(2).padStart(11)} ms`,
    );
  }
  console.log(`\ngoal: at most ${GOAL_MS} ms added median latency — ${met ? 'met' : 'NOT met'}`);
  console.log(
    `load average during the run: ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} on ${cpus().length} CPUs`,
  );
} finally {
  for (const { child } of [proxy, target]) {
    child.kill('SIGTERM');
    await once(child, 'exit');
  }
}
