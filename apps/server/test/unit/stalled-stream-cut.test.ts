/**
 * When a streamed answer counts as stalled: its buffer full (its client takes nothing) for the
 * whole of `stallMs`, on a real connection whose client stops reading; time is faked.
 */

import { once } from 'node:events';
import { createServer, type Server, type ServerResponse } from 'node:http';
import { connect, type Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { watchForStall } from '../../src/pipeline/stalled-stream-cut.js';

const STALL_MS = 10_000;
let server: Server | undefined;
let client: Socket | undefined;

afterEach(async () => {
  vi.useRealTimers();
  client?.destroy();
  await new Promise((resolve) => server?.close(resolve));
  server?.closeAllConnections();
});

/** A server answering one request with a response it hands to the test, and a client that never reads. */
async function openResponse(): Promise<ServerResponse> {
  let respond: (response: ServerResponse) => void = () => undefined;
  const responded = new Promise<ServerResponse>((resolve) => {
    respond = resolve;
  });
  const listening = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/event-stream' });
    respond(response);
  });
  server = listening;
  await new Promise<void>((resolve) => listening.listen(0, '127.0.0.1', resolve));
  const { port } = listening.address() as { port: number };
  client = connect(port, '127.0.0.1');
  client.pause();
  client.write('GET / HTTP/1.1\r\nHost: x\r\n\r\n');
  return responded;
}

/**
 * Writes as a piped stream does, again after each `drain`, until no `drain` comes: the response's
 * buffer, and the sockets' below it, are full.
 */
async function fill(response: ServerResponse): Promise<void> {
  const chunk = `data: ${'x'.repeat(64 * 1024)}\n\n`;
  for (;;) {
    while (response.write(chunk));
    const drained = await Promise.race([
      once(response, 'drain').then(() => true),
      sleep(1000).then(() => false),
    ]);
    if (!drained) return;
  }
}

describe('a streamed answer whose client stops reading', { timeout: 60_000 }, () => {
  it('is cut once it has stayed full for the whole stall time', async () => {
    const response = await openResponse();
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    const cut = vi.fn();
    watchForStall(response, STALL_MS, cut);
    await fill(response);
    await vi.advanceTimersByTimeAsync(STALL_MS - 1000);
    expect(cut).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(2000);
    expect(cut).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(STALL_MS * 3);
    expect(cut).toHaveBeenCalledTimes(1);
  });

  it('is not cut while its client takes what was written, however late', async () => {
    const response = await openResponse();
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    const cut = vi.fn();
    watchForStall(response, STALL_MS, cut);
    await fill(response);
    await vi.advanceTimersByTimeAsync(STALL_MS - 2000);
    // The client reads everything: the buffer drains, and the stall starts over.
    const drained = new Promise((resolve) => response.once('drain', resolve));
    client?.resume();
    await drained;
    await vi.advanceTimersByTimeAsync(STALL_MS * 2);
    expect(cut).not.toHaveBeenCalled();
  });

  it('stops watching once the answer is over', async () => {
    const response = await openResponse();
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    const cut = vi.fn();
    watchForStall(response, STALL_MS, cut);
    await fill(response);
    const closed = new Promise((resolve) => response.once('close', resolve));
    response.destroy();
    await closed;
    await vi.advanceTimersByTimeAsync(STALL_MS * 2);
    expect(cut).not.toHaveBeenCalled();
  });
});
