#!/usr/bin/env node
// How long a test suite waits for `startReferenceServer()` from `@assistant-platform/server/testing`
// (in-process, in-memory database, the test seed, a free port): from the call until the server
// answers, the first one in a process (module loading excluded, measured apart) and the next ones,
// as in a suite that starts one per file; then until its first chat is answered (the engines load
// in the background, so a suite that never chats never waits for them). Goal: ready in < 200 ms.
// Usage: pnpm --filter @assistant-platform/server build && node bench/reference-server-start.mjs
// Env: BENCH_STARTS (default 20).
import { performance } from 'node:perf_hooks';

const STARTS = Number(process.env.BENCH_STARTS ?? 20);
const median = (values) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)];
const ms = (value) => `${value.toFixed(1)} ms`;

let started = performance.now();
const { startReferenceServer, TEST_TOKENS, testChatBody } = await import(
  new URL('../apps/server/dist/testing.js', import.meta.url).href
);
const importMs = performance.now() - started;

const ready = [];
const firstChat = [];
for (let i = 0; i < STARTS; i++) {
  started = performance.now();
  const server = await startReferenceServer();
  const answer = await fetch(`${server.baseUrl}/agents/view/1`, {
    headers: { authorization: `Bearer ${TEST_TOKENS.read}` },
  });
  if (answer.status !== 200) throw new Error(`GET agent answered ${answer.status}`);
  ready.push(performance.now() - started);
  const chat = await fetch(`${server.baseUrl}/agents/chat/request`, {
    method: 'POST',
    headers: { authorization: `Bearer ${TEST_TOKENS.chat}`, 'content-type': 'application/json' },
    body: JSON.stringify(testChatBody()),
  });
  if (chat.status !== 200) throw new Error(`chat answered ${chat.status}`);
  firstChat.push(performance.now() - started);
  await server.close();
}

console.log(`${STARTS} starts of startReferenceServer(), each closed before the next`);
console.log(`import of @assistant-platform/server/testing  ${ms(importMs)}  (once per process)`);
console.log(`ready, first start                            ${ms(ready[0])}`);
console.log(`ready, median of the others                   ${ms(median(ready.slice(1)))}  (goal < 200 ms)`);
console.log(`first chat answered, first start              ${ms(firstChat[0])}`);
console.log(`first chat answered, median of the others     ${ms(median(firstChat.slice(1)))}`);
