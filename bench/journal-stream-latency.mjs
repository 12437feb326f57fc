#!/usr/bin/env node
import { accessSync, constants, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
// How soon a platform request shows in the journal stream, which the console's list follows: the
// issue promises a request "appears in the list within a second". The built server runs in its own
// process (dev seed, dev token). Each request is made alone, and timed from the moment its caller
// has the whole answer to the moment its journal entry (known by the answer's x-request-id) arrives:
//   1. at a follower of GET /_admin/requests/stream in this process (SSE read with fetch), for GET
//      agent and a streamed chat;
//   2. as a row in the console's list, in Chromium (when one is found: CHROMIUM_PATH, else chromium
//      or chromium-browser on PATH), with the journal full (JOURNAL_MAX entries, the default 1000)
//      so the list holds as many rows as it ever does. The page stamps each row as it is inserted
//      (a MutationObserver); its clock and this process's are both the system's wall clock.
// An entry is recorded once its answer has ended, so at a follower in this process it can come in
// the same read as the answer's last bytes and be handled first: a figure just under 0 means that.
// Prints p50, p99 and max of each, and whether the worst stays within the goal (≤ 1000 ms).
// Usage: pnpm build && node bench/journal-stream-latency.mjs
// Env: BENCH_REQUESTS (GET agent per part, default 300), BENCH_CHATS (default 50), CHROMIUM_PATH.
import { chromium } from 'playwright-core';
import { loadAverage } from './machine-load.mjs';
import { CLI, DEV_SEED, serveArgs, spawnUntil } from './spawn-until.mjs';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 300);
const CHATS = Number(process.env.BENCH_CHATS ?? 50);
const JOURNAL_MAX = 1000;
const GOAL_MS = 1000;
const TOKEN = 'dev-token';
const AUTH = { authorization: `Bearer ${TOKEN}` };
const CHAT_BODY = JSON.stringify({
  name: 'Support triage',
  description: 'Answers support questions.',
  instruction: 'Answer politely.',
  intents: ['refund'],
  message: { role: 'user', content: [{ type: 'text', text: 'Where is my parcel?' }] },
  stream: true,
});

/** Wall-clock milliseconds with sub-millisecond precision, comparable with a page's own. */
const wallMs = () => performance.timeOrigin + performance.now();

function findChromium() {
  const named = process.env.CHROMIUM_PATH;
  const candidates = named
    ? [named]
    : (process.env.PATH ?? '')
        .split(delimiter)
        .flatMap((dir) => (dir ? ['chromium', 'chromium-browser'].map((name) => join(dir, name)) : []));
  return candidates.find((path) => {
    try {
      accessSync(path, constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

/** Follows the journal stream; `arrival(requestId)` resolves with when that entry's event came. */
async function followJournal(origin) {
  const controller = new AbortController();
  const response = await fetch(`${origin}/_admin/requests/stream`, {
    headers: AUTH,
    signal: controller.signal,
  });
  if (response.status !== 200) throw new Error(`the journal stream answered ${response.status}`);
  const arrived = new Map();
  const waiting = new Map();
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let connected;
  const ready = new Promise((resolve) => {
    connected = resolve;
  });
  void (async () => {
    let buffered = '';
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ done: true }));
      if (done) return;
      const at = wallMs();
      buffered += value;
      for (let end = buffered.indexOf('\n\n'); end >= 0; end = buffered.indexOf('\n\n')) {
        const block = buffered.slice(0, end);
        buffered = buffered.slice(end + 2);
        if (block.startsWith(': connected')) connected();
        const data = block.split('\n').find((line) => line.startsWith('data: '));
        if (!data) continue;
        const { requestId } = JSON.parse(data.slice('data: '.length));
        arrived.set(requestId, at);
        waiting.get(requestId)?.(at);
      }
    }
  })();
  await ready;
  return {
    arrival: (requestId) =>
      arrived.has(requestId)
        ? Promise.resolve(arrived.get(requestId))
        : new Promise((resolve) => waiting.set(requestId, resolve)),
    stop: () => controller.abort(),
  };
}

/** Makes one platform request and reads its whole answer: its request id and when it was read. */
async function call(origin, kind) {
  const response =
    kind === 'chat'
      ? await fetch(`${origin}/v1/agents/chat/request`, {
          method: 'POST',
          headers: { ...AUTH, 'content-type': 'application/json' },
          body: CHAT_BODY,
        })
      : await fetch(`${origin}/v1/agents/view/1`, { headers: AUTH });
  const text = await response.text();
  const answeredAt = wallMs();
  if (response.status !== 200 || (kind === 'chat' && !text.includes('data: [DONE]')))
    throw new Error(`${kind} answered ${response.status}`);
  return { requestId: response.headers.get('x-request-id'), answeredAt };
}

async function measureFollower(origin, kind, count) {
  const follower = await followJournal(origin);
  const latencies = [];
  try {
    for (let i = 0; i < count; i++) {
      const { requestId, answeredAt } = await call(origin, kind);
      latencies.push((await follower.arrival(requestId)) - answeredAt);
    }
  } finally {
    follower.stop();
  }
  return latencies;
}

async function measurePage(origin, executablePath, count) {
  const browser = await chromium.launch({ executablePath, args: ['--no-sandbox'] });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${origin}/console`);
    await page.getByLabel('Admin token').fill(TOKEN);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Live', { exact: true }).waitFor({ timeout: 10_000 });
    await page.getByText(`${JOURNAL_MAX} of ${JOURNAL_MAX} shown`).waitFor({ timeout: 10_000 });
    // Each row's key ends with its request id; the page notes when each first appears.
    await page.evaluate(() => {
      const seen = new Map();
      window.rowSeenAt = seen;
      new MutationObserver(() => {
        const at = performance.timeOrigin + performance.now();
        for (const row of document.querySelectorAll('button[data-key]')) {
          const requestId = row.dataset.key.slice(row.dataset.key.indexOf(' ') + 1);
          if (!seen.has(requestId)) seen.set(requestId, at);
        }
      }).observe(document.body, { childList: true, subtree: true });
      for (const row of document.querySelectorAll('button[data-key]'))
        seen.set(row.dataset.key.slice(row.dataset.key.indexOf(' ') + 1), 0);
    });
    const latencies = [];
    for (let i = 0; i < count; i++) {
      const { requestId, answeredAt } = await call(origin, 'get');
      const handle = await page.waitForFunction((id) => window.rowSeenAt.get(id), requestId, {
        timeout: 10_000,
      });
      latencies.push((await handle.jsonValue()) - answeredAt);
    }
    return latencies;
  } finally {
    await browser.close();
  }
}

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
const ms = (value) => `${value.toFixed(1)} ms`.padStart(9);
let worst = Number.NEGATIVE_INFINITY;
function report(label, latencies) {
  const sorted = [...latencies].sort((a, b) => a - b);
  const max = sorted.at(-1);
  worst = Math.max(worst, max);
  console.log(
    `  ${label.padEnd(34)} ${String(sorted.length).padStart(4)}  p50 ${ms(quantile(sorted, 0.5))}  p99 ${ms(quantile(sorted, 0.99))}  max ${ms(max)}`,
  );
}

const dir = mkdtempSync(join(tmpdir(), 'journal-stream-bench-'));
const server = await spawnUntil(
  serveArgs(['--port', '0', '--seed', DEV_SEED, '--dev-token', TOKEN], CLI),
  {
    DATABASE_URL: join(dir, 'bench.sqlite'),
    RATE_LIMIT_MAX: '1000000000',
    LOG_LEVEL: 'warn',
    JOURNAL_MAX: String(JOURNAL_MAX),
  },
  /listening on http:\/\/[^:]+:(\d+)/,
);
const origin = `http://127.0.0.1:${server.port}`;
try {
  // Warm-up, which also waits for the chat engine to load.
  for (let i = 0; i < 50; i++) await call(origin, 'get');
  await call(origin, 'chat');

  console.log('From a platform call’s whole answer to its journal entry arriving (each request alone)');
  console.log(`  ${''.padEnd(34)} ${'n'.padStart(4)}`);
  report('stream follower: GET agent', await measureFollower(origin, 'get', REQUESTS));
  report('stream follower: streamed chat', await measureFollower(origin, 'chat', CHATS));

  const executablePath = findChromium();
  if (executablePath) {
    for (let i = 0; i < JOURNAL_MAX; i++) await call(origin, 'get');
    report(
      `console row (${JOURNAL_MAX} held): GET agent`,
      await measurePage(origin, executablePath, REQUESTS),
    );
  } else {
    console.log('  console row in Chromium: skipped, no Chromium (set CHROMIUM_PATH)');
  }

  console.log(
    `\ngoal ≤ ${GOAL_MS} ms (a request appears in the list within a second): ${worst <= GOAL_MS ? 'met' : 'NOT met'}, worst ${worst.toFixed(1)} ms`,
  );
  console.log(`load average ${loadAverage(1)}`);
  process.exitCode = worst <= GOAL_MS ? 0 : 1;
} finally {
  server.child.kill('SIGTERM');
  await new Promise((resolve) => server.child.once('exit', resolve));
  rmSync(dir, { recursive: true, force: true });
}
