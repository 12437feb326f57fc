import { once } from 'node:events';
import { connect } from 'node:net';
import type { JournalEntry } from '@assistant-platform/types/admin';
import { describe, expect, it } from 'vitest';
import { expectMatchesAdminContract } from '../helpers/contract.js';
import { auth, TEST_TOKENS } from '../helpers/fixtures.js';
import { buildTestApp, useListeningTestApp } from '../helpers/test-app.js';

const origin = useListeningTestApp();
const admin = auth(TEST_TOKENS.operator);

/** Opens the stream and hands back a reader of its `event: request` entries. */
async function follow(base: string) {
  const controller = new AbortController();
  const res = await fetch(`${base}/_admin/requests/stream`, { headers: admin, signal: controller.signal });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
  const reader = (res.body as ReadableStream<Uint8Array>).pipeThrough(new TextDecoderStream()).getReader();
  let buffered = '';
  return {
    async next(): Promise<JournalEntry> {
      for (;;) {
        const end = buffered.indexOf('\n\n');
        if (end >= 0) {
          const block = buffered.slice(0, end);
          buffered = buffered.slice(end + 2);
          const data = block.split('\n').find((line) => line.startsWith('data: '));
          if (block.startsWith('event: request') && data) {
            const entry = JSON.parse(data.slice(6)) as JournalEntry;
            // Every event's data is the contract's JournalEntry.
            expectMatchesAdminContract('streamRequests', 200, entry, 'text/event-stream');
            return entry;
          }
          continue;
        }
        const { value, done } = await reader.read();
        if (done) throw new Error('the stream ended');
        buffered += value;
      }
    },
    async ended(): Promise<boolean> {
      for (;;) if ((await reader.read()).done) return true;
    },
    close: () => controller.abort(),
  };
}

describe('GET /_admin/requests/stream', () => {
  it('sends each new journal entry as an event, as GET /requests lists it', async () => {
    const stream = await follow(origin());
    await fetch(`${origin()}/v1/agents/view/1`, { headers: auth(TEST_TOKENS.all) });
    const entry = await stream.next();
    stream.close();
    expect(entry).toMatchObject({ method: 'GET', path: '/v1/agents/view/1', status: 200 });
    expect(entry.token).toEqual({ name: 'all', accountId: 1 });
    expect(entry.requestHeaders.authorization).toBe('[redacted]');
    const listed = await fetch(`${origin()}/_admin/requests?limit=1`, { headers: admin });
    const { data } = (await listed.json()) as { data: { requests: JournalEntry[] } };
    expect(data.requests[0]).toEqual(entry);
  });

  it('sends to every follower, and not admin requests', async () => {
    const [first, second] = [await follow(origin()), await follow(origin())];
    await fetch(`${origin()}/_admin/faults`, { headers: admin });
    await fetch(`${origin()}/v1/agents/view/2`, { headers: auth(TEST_TOKENS.all) });
    expect((await first.next()).path).toBe('/v1/agents/view/2');
    expect((await second.next()).path).toBe('/v1/agents/view/2');
    first.close();
    second.close();
  });

  it('refuses one stream more than the contract allows with 503 and Retry-After, then accepts again', async () => {
    const app = await buildTestApp();
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const open = await Promise.all(Array.from({ length: 16 }, () => follow(base)));
      const refused = await fetch(`${base}/_admin/requests/stream`, { headers: admin });
      expect(refused.status).toBe(503);
      expect(refused.headers.get('retry-after')).toBe('1');
      const body = await refused.json();
      expectMatchesAdminContract('streamRequests', 503, body);
      open.pop()?.close();
      // The freed place is taken back once the server sees the client go.
      await expect
        .poll(async () => {
          const res = await fetch(`${base}/_admin/requests/stream`, { headers: admin });
          await res.body?.cancel();
          return res.status;
        })
        .toBe(200);
      for (const stream of open) stream.close();
    } finally {
      await app.close();
    }
  });

  it('counts streams per account: one account holding them all leaves another its own', async () => {
    const app = await buildTestApp();
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const open = async (token: string) => {
      const res = await fetch(`${base}/_admin/requests/stream`, { headers: auth(token) });
      return res;
    };
    try {
      const held = await Promise.all(Array.from({ length: 16 }, () => open(TEST_TOKENS.other)));
      expect(held.map((res) => res.status)).toEqual(Array(16).fill(200));
      const seventeenth = await open(TEST_TOKENS.other);
      expect(seventeenth.status).toBe(503);
      await seventeenth.body?.cancel();
      for (const token of [TEST_TOKENS.admin, TEST_TOKENS.operator]) {
        const own = await open(token);
        expect(own.status, token).toBe(200);
        await own.body?.cancel();
      }
      for (const res of held) await res.body?.cancel();
    } finally {
      await app.close();
    }
  });

  it('ends the stream when the server closes, without holding the shutdown', async () => {
    const app = await buildTestApp();
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const stream = await follow(base);
    await app.close();
    expect(await stream.ended()).toBe(true);
  });

  it('cuts off a follower that stops reading instead of buffering for it without end', async () => {
    const app = await buildTestApp({ RATE_LIMIT_MAX: '100000' });
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const { port } = new URL(base);
      const socket = connect(Number(port), '127.0.0.1');
      socket.write(
        `GET /_admin/requests/stream HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${admin.authorization}\r\n\r\n`,
      );
      await once(socket, 'data');
      // The follower reads nothing more: what the server sends piles up in the kernel, then in the
      // server, until the server gives up on it.
      socket.pause();
      const closed = once(socket, 'close');
      // Each entry carries its 16 KiB request body: some 400 of them are far more than the server
      // keeps for a reader (1 MiB) plus what the connection's buffers hold.
      const payload = { name: 'x'.repeat(16_000), instruction: 'x' };
      for (let i = 0; i < 400; i++)
        await app.inject({
          method: 'POST',
          url: '/v1/agents/create',
          headers: auth(TEST_TOKENS.write),
          payload,
        });
      let received = 0;
      socket.on('data', (chunk: Buffer) => {
        received += chunk.length;
      });
      socket.resume();
      await closed;
      // Cut off: the connection ended before all 400 entries (over 6 MB) reached it.
      expect(received).toBeLessThan(400 * 16_000);
    } finally {
      await app.close();
    }
    // A ceiling for a loaded machine, not a timing: without the cut the connection never closes.
  }, 120_000);
});
