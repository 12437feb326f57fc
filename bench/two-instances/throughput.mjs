/**
 * Part 1 of bench/two-instances.mjs: aggregate throughput and p99 of GET agent (answered from the
 * caches after the first request, plus the shared rate limit's round trip to Redis) and create
 * agent (a PostgreSQL write) for one instance called directly, one behind the balancer (what its
 * hop costs) and two behind it; then how many requests the balancer sent per connection it opened.
 */
import autocannon from 'autocannon';
import { TOKEN, until } from './processes.mjs';

const DURATION = Number(process.env.BENCH_DURATION ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const headers = { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' };
const createPayload = JSON.stringify({ name: 'Bench agent', instruction: 'Answer quickly.' });
const median = (values) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)];

/** One autocannon run: average req/s and p99 ms; answers other than `status` are reported. */
async function run(label, options, status) {
  const result = await autocannon({ connections: CONNECTIONS, duration: DURATION, ...options });
  const wrong = result.requests.total - (result.statusCodeStats[status]?.count ?? 0) + result.errors;
  console.log(
    `  ${label.padEnd(34)} ${String(Math.round(result.requests.average)).padStart(6)} req/s  p50 ${result.latency.p50} ms  p99 ${result.latency.p99} ms${wrong > 0 ? `  (${wrong} not ${status}!)` : ''}`,
  );
  return { rps: result.requests.average, p99: result.latency.p99 };
}

export async function throughput(deployment) {
  const one = await deployment.balancerOfOne();
  await until(one, 'server-2', 'DOWN');
  const topologies = [
    { label: 'one instance, direct', origin: deployment.instances[0].origin },
    { label: 'one instance, balancer', origin: one.origin },
    { label: 'two instances, balancer', origin: deployment.balancer.origin },
  ];
  console.log(`\nThroughput: ${CONNECTIONS} connections, ${ROUNDS} rounds of ${DURATION} s per run`);
  const results = new Map(topologies.map(({ label }) => [label, { get: [], create: [] }]));
  for (let round = 1; round <= ROUNDS; round++) {
    console.log(`round ${round}`);
    // Each round runs every topology back to back, so a change in the machine's load hits them alike.
    for (const { label, origin } of topologies) {
      const figures = results.get(label);
      figures.get.push(await run(`${label}: GET agent`, { url: `${origin}/v1/agents/view/1`, headers }, 200));
      figures.create.push(
        await run(
          `${label}: create agent`,
          { url: `${origin}/v1/agents/create`, method: 'POST', headers, body: createPayload },
          201,
        ),
      );
    }
  }
  console.log('\nmedian of rounds');
  const single = results.get('one instance, direct');
  for (const [label, figures] of results)
    for (const kind of ['get', 'create']) {
      const rps = median(figures[kind].map((r) => r.rps));
      const p99 = median(figures[kind].map((r) => r.p99));
      const ratio = rps / median(single[kind].map((r) => r.rps));
      console.log(
        `${`${label}, ${kind === 'get' ? 'GET agent' : 'create agent'}`.padEnd(42)} ${String(Math.round(rps)).padStart(6)} req/s  p99 ${p99} ms  (${ratio.toFixed(2)}x one instance direct)`,
      );
    }
  for (const [label, balancer] of [
    ['one instance', one],
    ['two instances', deployment.balancer],
  ]) {
    const servers = Object.values(await balancer.servers()).filter((server) => server.sessions > 0);
    const sent = servers.reduce((sum, server) => sum + server.sessions, 0);
    const opened = servers.reduce((sum, server) => sum + server.connects, 0);
    console.log(
      `balancer in front of ${label}: ${sent} requests over ${opened} connections it opened to the instances ` +
        `(${(sent / Math.max(opened, 1)).toFixed(0)} requests per connection; its clients opened ${CONNECTIONS * ROUNDS * 2}, ` +
        'and the first request on each gets a connection of its own)',
    );
  }
}
