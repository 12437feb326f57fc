#!/usr/bin/env node
/**
 * The chain of a product team's call, link by link: what each layer adds to one sequential
 * `agents.get`, straight to a reference server and through a validation proxy in front of it
 * (`assistant-server proxy --target`, as a team runs it before the hosted service):
 *
 *   raw fetch → server            raw fetch → proxy → server
 *   SDK → server                  SDK → proxy → server
 *   gateway client → gateway → server    gateway client → gateway → proxy → server
 *
 * The server, the proxy and two gateways (one calling the server, one the proxy; agent cache off,
 * so every call reaches the platform) each run in their own process; this one calls, one call at a
 * time, in alternating rounds of 100 so a change in the machine's load hits every path alike. It
 * prints each path's median and p99 and the median each link adds. Goals (issue #27): the gateway
 * adds at most 1 ms median on either chain; the proxy adds at most 1 ms median.
 *
 *   pnpm build && node bench/call-chain.mjs [--calls=2000] [--warmup=1000]
 */
import { arg } from './bench-args.mjs';
import { loadAverage } from './machine-load.mjs';
import { BENCH_TOKEN, spawnProxy, spawnSeededServer, spawnUntil } from './spawn-until.mjs';

const CALLS = arg('calls', 2000);
const WARMUP = arg('warmup', 1000);
const ROUND = 100;
const GOAL_MS = 1;
const root = new URL('../', import.meta.url);
const gatewayCli = new URL('apps/gateway/dist/cli.js', root).pathname;

const { createAssistantClient } = await import(new URL('packages/client/dist/index.js', root).href);
const { createGatewayClient } = await import(new URL('packages/gateway-client/dist/index.js', root).href);

const children = [];
/** `started` (a spawned child and what it said), its child killed when the benchmark ends. */
const tracked = async (starting) => {
  const started = await starting;
  children.push(started.child);
  return started;
};
const startGateway = (upstream) =>
  tracked(
    spawnUntil(
      [gatewayCli],
      { GATEWAY_PORT: '0', UPSTREAM_BASE_URL: upstream, AGENT_CACHE_TTL_MS: '0', LOG_LEVEL: 'warn' },
      /listening on (\S+)/,
    ),
  );

try {
  const serverUrl = (await tracked(spawnSeededServer())).url;
  const proxyUrl = (await tracked(spawnProxy(serverUrl))).url;
  const gatewayToServer = (await startGateway(serverUrl)).match[1];
  const gatewayToProxy = (await startGateway(proxyUrl)).match[1];

  const headers = { authorization: `Bearer ${BENCH_TOKEN}` };
  const raw = (base) => async () => {
    const response = await fetch(`${base}/agents/view/1`, { headers });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${base} answered ${response.status}`);
  };
  const sdk = (baseUrl) => {
    const client = createAssistantClient({ baseUrl, token: BENCH_TOKEN, maxRetries: 0 });
    return () => client.agents.get(1);
  };
  const gateway = (url) => {
    const client = createGatewayClient({ url, token: BENCH_TOKEN });
    return () => client.agents.get.query({ id: '1' });
  };
  const paths = [
    { chain: 'direct', link: 'raw fetch', call: raw(serverUrl) },
    { chain: 'direct', link: 'SDK', call: sdk(serverUrl) },
    { chain: 'direct', link: 'gateway', call: gateway(gatewayToServer) },
    { chain: 'proxy', link: 'raw fetch', call: raw(proxyUrl) },
    { chain: 'proxy', link: 'SDK', call: sdk(proxyUrl) },
    { chain: 'proxy', link: 'gateway', call: gateway(gatewayToProxy) },
  ];

  // V8 optimises every path over the first thousands of calls: not part of the figures.
  for (let i = 0; i < WARMUP; i++) for (const path of paths) await path.call();
  const times = paths.map(() => []);
  for (let done = 0; done < CALLS; done += ROUND)
    for (const [p, path] of paths.entries())
      for (let i = 0; i < ROUND; i++) {
        const started = performance.now();
        await path.call();
        times[p].push(performance.now() - started);
      }
  const at = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  const medians = times.map((each) => {
    each.sort((a, b) => a - b);
    return at(each, 0.5);
  });
  const ms = (value) => value.toFixed(2).padStart(6);

  console.log(
    `\nagents.get, one caller, ${CALLS} calls a path in alternating rounds of ${ROUND} (Node ${process.version})\n`,
  );
  console.log('chain    link         p50 ms  p99 ms  added by the link (median)');
  for (const [p, path] of paths.entries()) {
    const added =
      path.link === 'raw fetch' ? '' : `${ms(medians[p] - medians[p - 1])} ms over ${paths[p - 1].link}`;
    console.log(
      `${path.chain.padEnd(8)} ${path.link.padEnd(11)} ${ms(medians[p])}  ${ms(at(times[p], 0.99))}  ${added}`,
    );
  }
  const proxyAdds = medians[3] - medians[0];
  console.log(`\nthe proxy adds ${ms(proxyAdds)} ms to a raw fetch (median)`);
  const verdict = (value) => (value <= GOAL_MS ? 'met' : 'NOT met');
  const gatewayAdds = [medians[2] - medians[1], medians[5] - medians[4]];
  console.log(
    `goal: the gateway adds at most ${GOAL_MS} ms median — direct ${verdict(gatewayAdds[0])}, through the proxy ${verdict(gatewayAdds[1])}`,
  );
  console.log(`goal: the proxy adds at most ${GOAL_MS} ms median — ${verdict(proxyAdds)}`);
  console.log(`load average during the run: ${loadAverage(1)}`);
} finally {
  for (const child of children) child.kill('SIGTERM');
}
