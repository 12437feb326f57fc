/**
 * A stream the proxy paces (a `tps` fault) is read from the target only as fast as it is passed on:
 * the target is held back by the connection's flow control instead of the proxy queueing its whole
 * answer in memory.
 */
import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { auth, TEST_TOKENS, testChatBody } from '../helpers/fixtures.js';
import { type RunningApp, startApp, startScriptedTarget } from '../helpers/proxy.js';

const EVENT = `data: ${JSON.stringify({ filler: 'x'.repeat(1000) })}\n\n`;
const LIMIT_BYTES = 64 * 1024 * 1024;

/** How far the target got: bytes written, and since when (ms) its writes wait for the reader, if they do. */
const progress = { written: 0, waitingSince: undefined as number | undefined };

/** Streams events as fast as its reader takes them, up to 64 MiB. */
function floodEvents(response: ServerResponse) {
  response.writeHead(200, { 'content-type': 'text/event-stream', 'x-request-id': 'target-id' });
  const write = () => {
    while (progress.written < LIMIT_BYTES) {
      progress.written += EVENT.length;
      if (!response.write(EVENT)) {
        progress.waitingSince = performance.now();
        response.once('drain', () => {
          progress.waitingSince = undefined;
          write();
        });
        return;
      }
    }
    response.end('data: [DONE]\n\n');
  };
  write();
}

let target: Awaited<ReturnType<typeof startScriptedTarget>>;
let proxy: RunningApp;

beforeAll(async () => {
  target = await startScriptedTarget({ 'POST /v1/agents/chat/request': (_req, res) => floodEvents(res) });
  proxy = await startApp({ PROXY_TARGET: target.baseUrl });
});
afterAll(async () => {
  await proxy.close();
  await target.close();
});

it('holds a fast target back while it paces the stream, instead of buffering its answer', {
  timeout: 60_000,
}, async () => {
  const controller = new AbortController();
  const response = await fetch(`${proxy.origin}/v1/agents/chat/request`, {
    method: 'POST',
    headers: { ...auth(TEST_TOKENS.all), 'content-type': 'application/json', prefer: 'tps=1' },
    body: JSON.stringify(testChatBody({ stream: true })),
    signal: controller.signal,
  });
  expect(response.status).toBe(200);
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  expect((await reader.read()).done).toBe(false);
  // The target's writes have waited for a whole second: nothing is reading its answer ahead.
  await expect
    .poll(() => progress.waitingSince !== undefined && performance.now() - progress.waitingSince > 1000, {
      timeout: 60_000,
      interval: 100,
    })
    .toBe(true);
  expect(progress.written).toBeLessThan(LIMIT_BYTES / 4);
  controller.abort();
});
