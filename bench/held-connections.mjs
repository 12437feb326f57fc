#!/usr/bin/env node
/**
 * What one token can make the reference server hold (the issue's figures: 5,000 delayed GETs held
 * 4,924 file descriptors and 80 MB; 100 streams that are never read took the resident set from 264
 * to 489 MB, and it stayed there). The server runs in its own process, on the dev seed, with the
 * default limits; this process measures it from outside: open file descriptors and resident set
 * from /proc, heap in use after a full collection through the DevTools protocol (the server runs
 * with --inspect on a free port; undici's WebSocket client).
 *
 *   pnpm --filter @assistant-platform/server build
 *   node bench/held-connections.mjs [--delayed=5000] [--streams=100]
 *
 * Part 1 sends `--delayed` GETs with `Prefer: delay=30000` from one token at once and counts what
 * the server holds while they wait (each beyond the token's in-flight limit is answered 429 at
 * once). Part 2 opens `--streams` long streamed chats from 25 tokens (the in-flight limit is 4 a
 * token), reads their first bytes and then nothing, and prints memory before, while they are
 * held, and after the server has cut them (STREAM_STALL_TIMEOUT_MS, 10 s by default).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { connect } from 'node:net';
import { cpus } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { arg } from './bench-args.mjs';
import { loadAverage } from './machine-load.mjs';
import { freePort, spawnUntil } from './spawn-until.mjs';

const DELAYED = arg('delayed', 5000);
const STREAMS = arg('streams', 100);
const TOKENS = Array.from({ length: Math.ceil(STREAMS / 4) }, (_, i) => `bench-stream-token-${i}`);
const root = new URL('../', import.meta.url);
// undici (for its WebSocket client, which Node 20 lacks) is the server package's dependency.
const { WebSocket } = createRequire(new URL('apps/server/package.json', root))('undici');

const seed = {
  accounts: [{ id: 1, name: 'Bench' }],
  tokens: [
    { token: 'bench-delay-token', accountId: 1, scopes: ['*'] },
    ...TOKENS.map((token) => ({ token, accountId: 1, scopes: ['*'] })),
  ],
  agents: [{ id: 1, accountId: 1, name: 'Bench', instruction: 'Answer.' }],
};
const serverScript = `
  import { startReferenceServer } from ${JSON.stringify(new URL('apps/server/dist/index.js', root).href)};
  const server = await startReferenceServer({ env: { LOG_LEVEL: 'error', ENGINE_TASK_TIMEOUT_MS: '60000' }, seed: ${JSON.stringify(seed)} });
  console.log('SERVER ' + server.url);
`;
const inspectorPort = await freePort();
const server = await spawnUntil(
  [`--inspect=127.0.0.1:${inspectorPort}`, '--input-type=module', '-e', serverScript],
  {},
  /^SERVER (\S+)/,
);
const origin = server.match[1];
const { port } = new URL(origin);
const pid = server.child.pid;

const fds = () => readdirSync(`/proc/${pid}/fd`).length;
const rssMb = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;

/** The DevTools endpoint of the server process, from its inspector's /json/list. */
async function devtoolsUrl() {
  const [target] = await fetch(`http://127.0.0.1:${inspectorPort}/json/list`).then((res) => res.json());
  return target.webSocketDebuggerUrl;
}

async function heapMb(url) {
  const socket = new WebSocket(url);
  await new Promise((resolve, reject) => {
    socket.addEventListener('open', resolve);
    socket.addEventListener('error', reject);
  });
  let id = 0;
  const waiting = new Map();
  socket.addEventListener('message', (event) => {
    const message = JSON.parse(String(event.data));
    waiting.get(message.id)?.(message.result);
  });
  const send = (method) =>
    new Promise((resolve) => {
      waiting.set(++id, resolve);
      socket.send(JSON.stringify({ id, method }));
    });
  await send('HeapProfiler.collectGarbage');
  await send('HeapProfiler.collectGarbage');
  const { usedSize } = await send('Runtime.getHeapUsage');
  socket.close();
  return usedSize / 1024 / 1024;
}

const longChat = JSON.stringify({
  name: 'Bench',
  description: 'Long answers.',
  instruction: 'Answer.',
  intents: ['refund'],
  message: { role: 'user', content: [{ type: 'text', text: 'Everything, please.' }] },
  stream: true,
  max_tokens: 32768,
  response_format: {
    type: 'json_schema',
    json_schema: {
      name: 'long',
      schema: {
        type: 'object',
        required: ['items'],
        properties: { items: { type: 'array', minItems: 16000, items: { type: 'string', minLength: 1 } } },
      },
    },
  },
});
const wholeStream = (token) =>
  fetch(`${origin}/v1/agents/chat/request`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: longChat,
  }).then((res) => res.text());

const fmt = (n) => n.toFixed(0).padStart(6);

try {
  const devtools = await devtoolsUrl();
  // Warm: the engine workers started, long answers planned and streamed once.
  await Promise.all([wholeStream(TOKENS[0]), wholeStream(TOKENS[0]), wholeStream(TOKENS[0])]);

  console.log(`\nPart 1: ${DELAYED} GETs with Prefer: delay=30000 from one token, at once`);
  const before = { fds: fds(), rss: rssMb() };
  const leaving = Array.from({ length: DELAYED }, () => new AbortController());
  const statuses = new Map();
  const sent = leaving.map((controller) =>
    fetch(`${origin}/v1/agents/view/1`, {
      headers: { authorization: 'Bearer bench-delay-token', prefer: 'delay=30000' },
      signal: controller.signal,
    }).then(
      (res) => statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1),
      () => undefined,
    ),
  );
  // Until every refusal has come (or a minute), then past the 5 s keep-alive of their connections.
  const answered = () => [...statuses.values()].reduce((sum, count) => sum + count, 0);
  for (let i = 0; i < 600 && answered() < DELAYED - 4; i++) await sleep(100);
  await sleep(6000);
  const held = { fds: fds(), rss: rssMb() };
  for (const controller of leaving) controller.abort();
  await Promise.all(sent);
  console.log(
    `answered before the delay: ${[...statuses].map(([status, count]) => `${status}: ${count}`).join(', ')}; ` +
      `held: ${DELAYED - answered()}`,
  );
  console.log(`open file descriptors: before ${fmt(before.fds)}, while held ${fmt(held.fds)}`);
  console.log(`resident set (MB):     before ${fmt(before.rss)}, while held ${fmt(held.rss)}`);

  await sleep(2000);
  console.log(
    `\nPart 2: ${STREAMS} long streamed chats (about 6 MB each) from ${TOKENS.length} tokens, never read`,
  );
  const base = { rss: rssMb(), heap: await heapMb(devtools) };
  const sockets = Array.from({ length: STREAMS }, (_, i) => {
    const socket = connect(Number(port), '127.0.0.1');
    socket.on('error', () => undefined);
    socket.once('data', () => socket.pause());
    socket.on('connect', () =>
      socket.write(
        `POST /v1/agents/chat/request HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${TOKENS[i % TOKENS.length]}\r\n` +
          `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(longChat)}\r\n\r\n${longChat}`,
      ),
    );
    return socket;
  });
  let peak = base.rss;
  for (let i = 0; i < 60; i++) {
    await sleep(1000);
    peak = Math.max(peak, rssMb());
  }
  const during = { rss: rssMb(), fds: fds() };
  for (const socket of sockets) socket.destroy();
  await sleep(5000);
  const after = { rss: rssMb(), heap: await heapMb(devtools), fds: fds() };
  console.log(
    `resident set (MB): before ${fmt(base.rss)}, peak ${fmt(peak)}, after 60 s ${fmt(during.rss)}, once gone ${fmt(after.rss)}`,
  );
  console.log(`heap after GC (MB): before ${fmt(base.heap)}, once gone ${fmt(after.heap)}`);
  console.log(
    `open file descriptors after 60 s: ${during.fds} (the streams are cut after STREAM_STALL_TIMEOUT_MS)`,
  );
  console.log(
    `\nload average during the run: ${loadAverage(1)} on ${cpus().length} CPUs (Node ${process.version})`,
  );
} finally {
  server.child.kill();
}
