#!/usr/bin/env node
// Chat streams of the built reference server against a bare Fastify SSE route sending the same
// bytes (stream-bare-route.mjs: the events the server sent for the same chat, written one by one),
// each in its own process: streams completed a second and the time to the first event (p50, p99)
// at 50 and at 200 concurrent streams, in alternating rounds. Each client loop opens a stream,
// reads it to its end and opens the next, on keep-alive connections. The server runs with its
// per-token limits out of the way (one token drives every stream) and its journal on, as by
// default; a second one without it (JOURNAL_MAX=0) tells what the journal costs. Goals (issue #27):
// streams ≥ 0.6× the bare route's; time to first event p99 at 200 streams ≤ 2× the bare route's;
// the journal costs at most 5 % of the streams a second.
// Usage: pnpm build && node bench/stream-throughput.mjs
// Env: BENCH_DURATION (seconds per run, default 5), BENCH_ROUNDS (default 3).
import { Agent, request } from 'node:http';
import { fileURLToPath } from 'node:url';
import { supportChat } from './bench-bodies.mjs';
import { loadAverage } from './machine-load.mjs';
import { spawnThroughputServer, spawnUntil } from './spawn-until.mjs';

const DURATION = Number(process.env.BENCH_DURATION ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const BARE = fileURLToPath(new URL('./stream-bare-route.mjs', import.meta.url));
const body = supportChat({ stream: true });
const headers = {
  authorization: 'Bearer dev-token',
  'content-type': 'application/json',
  'content-length': Buffer.byteLength(body),
};

/** One stream: resolves with the milliseconds to its first byte of body and its byte count. */
function stream(port, agent) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = request(
      { host: '127.0.0.1', port, method: 'POST', path: '/v1/agents/chat/request', headers, agent },
      (res) => {
        let first;
        let bytes = 0;
        res.on('data', (chunk) => {
          first ??= performance.now() - started;
          bytes += chunk.length;
        });
        res.on('end', () =>
          res.statusCode === 200
            ? resolve({ first, bytes })
            : reject(new Error(`answered ${res.statusCode}`)),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** `concurrency` loops of streams for DURATION seconds: streams a second, first-event p50/p99. */
async function load(port, concurrency) {
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
  const firsts = [];
  let failures = 0;
  const deadline = performance.now() + DURATION * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < deadline) {
        try {
          firsts.push((await stream(port, agent)).first);
        } catch {
          failures++;
        }
      }
    }),
  );
  agent.destroy();
  firsts.sort((a, b) => a - b);
  const at = (p) => firsts[Math.min(firsts.length - 1, Math.floor((firsts.length * p) / 100))] ?? 0;
  return { perSecond: firsts.length / DURATION, p50: at(50), p99: at(99), failures };
}

const { child: server, port } = await spawnThroughputServer();
// The same server without its journal: what recording every stream costs (goal: ≤ 5 %).
const { child: unjournaled, port: unjournaledPort } = await spawnThroughputServer({ JOURNAL_MAX: '0' });
// The bytes the server sends for this chat, event by event, for the bare route to send too.
const captured = await fetch(`http://127.0.0.1:${port}/v1/agents/chat/request`, {
  method: 'POST',
  headers: { authorization: headers.authorization, 'content-type': 'application/json' },
  body,
});
const text = await captured.text();
const events = text.split(/(?<=\n\n)/);
const bare = await spawnUntil([BARE], { BARE_STREAM_EVENTS: JSON.stringify(events) }, /ready (\d+)/);

console.log(
  `load average ${loadAverage()}; a stream of ${events.length} events, ${Buffer.byteLength(text)} bytes; ` +
    `${ROUNDS} rounds of ${DURATION} s per run`,
);
const ms = (value) => `${value.toFixed(1).padStart(7)} ms`;
const summary = {};
for (const concurrency of [50, 200]) {
  // Unmeasured: both servers' connections and JIT warm.
  await load(bare.port, concurrency);
  await load(port, concurrency);
  await load(unjournaledPort, concurrency);
  const ratios = [];
  const firstRatios = [];
  const journalRatios = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const b = await load(bare.port, concurrency);
    // The two servers in alternating order: whichever runs second would otherwise always be the
    // one measured right after another run (its client's sockets and the machine's caches).
    const runs = new Map();
    for (const each of round % 2 === 1 ? [port, unjournaledPort] : [unjournaledPort, port])
      runs.set(each, await load(each, concurrency));
    const s = runs.get(port);
    const u = runs.get(unjournaledPort);
    ratios.push(s.perSecond / b.perSecond);
    firstRatios.push(s.p99 / b.p99);
    journalRatios.push(s.perSecond / u.perSecond);
    const failures = b.failures + s.failures + u.failures;
    console.log(
      `${String(concurrency).padStart(3)} streams, round ${round}: ` +
        `bare ${Math.round(b.perSecond)}/s (first event p50 ${ms(b.p50)}, p99 ${ms(b.p99)})  ` +
        `server ${Math.round(s.perSecond)}/s (first event p50 ${ms(s.p50)}, p99 ${ms(s.p99)})  ` +
        `journal off ${Math.round(u.perSecond)}/s` +
        (failures ? `  (${failures} failed!)` : ''),
    );
  }
  const median = (values) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)];
  summary[concurrency] = {
    streams: median(ratios),
    first: median(firstRatios),
    journal: median(journalRatios),
  };
}
for (const [concurrency, { streams, first, journal }] of Object.entries(summary))
  console.log(
    `${concurrency} streams: ${streams.toFixed(2)}× the bare route's streams a second (goal ≥ 0.6); ` +
      `first event p99 ${first.toFixed(2)}× the bare route's${concurrency === '200' ? ' (goal ≤ 2)' : ''}; ` +
      `journal on/off ${journal.toFixed(2)}× (goal ≥ 0.95)`,
  );
console.log(`load average ${loadAverage()}`);
server.kill();
unjournaled.kill();
bare.child.kill();
