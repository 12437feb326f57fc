/**
 * Streams whose clients stop reading, over real sockets against the built server in a process of
 * its own: each is cut once its buffer has stayed full for STREAM_STALL_TIMEOUT_MS (the client
 * sees the stream end without `[DONE]`), its in-flight slot is given back, and the server's memory
 * returns near where it was before them (heap after a full GC, read through the DevTools
 * protocol; resident set from /proc). Two accounts stall streams at once while a third token's
 * reader is served whole.
 */
import { connect, type Socket } from 'node:net';
import { describe, expect, it, vi } from 'vitest';
import { TEST_TOKENS, testChatBody } from '../helpers/fixtures.js';
import { heapUsedAfterGc, inspectorUrl, residentBytes } from '../helpers/process-memory.js';
import { useHostileServer } from './hostile-server.js';
import { call } from './http-probe.js';

const PER_TOKEN = 16;
const MB = 1024 * 1024;

const server = useHostileServer({
  STREAM_STALL_TIMEOUT_MS: '2000',
  MAX_HEAVY_REQUESTS_PER_TOKEN: String(PER_TOKEN),
  // Each answer is planned on one of two engine workers; a loaded machine must not cut that short.
  ENGINE_WORKERS: '2',
  ENGINE_TASK_TIMEOUT_MS: '60000',
  NODE_OPTIONS: '--inspect=127.0.0.1:0',
});

/**
 * A streamed chat whose answer is 32,000 events (about 6 MB, cut by `max_tokens`): more than the
 * sockets' buffers hold on either side.
 */
const longChat = JSON.stringify(
  testChatBody({
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
  }),
);

interface StalledStream {
  /** Resolves once the answer's first bytes came, then the client reads nothing more. */
  started: Promise<string>;
  /** Reads again, and resolves with everything received once the connection is gone. */
  resume(): Promise<string>;
}

function stalledStream(port: number, token: string): StalledStream {
  const socket: Socket = connect(port, '127.0.0.1');
  let received = '';
  let ended = false;
  const gone = new Promise<void>((resolve) => {
    socket.on('close', () => {
      ended = true;
      resolve();
    });
  });
  socket.on('error', () => undefined);
  socket.on('data', (chunk: Buffer) => {
    received += chunk.toString('latin1');
  });
  const started = new Promise<string>((resolve) => {
    socket.once('data', () => {
      socket.pause();
      resolve(received);
    });
    socket.once('close', () => resolve(received));
  });
  socket.on('connect', () =>
    socket.write(
      `POST /v1/agents/chat/request HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(longChat)}\r\n\r\n${longChat}`,
    ),
  );
  return {
    started,
    async resume() {
      if (!ended) socket.resume();
      await gone;
      return received;
    },
  };
}

/** A whole streamed chat read as it comes. */
async function readWholeStream(origin: string, token: string): Promise<{ status: number; text: string }> {
  const response = await fetch(`${origin}/v1/agents/chat/request`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: longChat,
    signal: AbortSignal.timeout(120_000),
  });
  return { status: response.status, text: await response.text() };
}

/** Takes an in-flight slot if the token has one free, then answers 503 at once; 429 when it has none. */
const probe = (origin: string, token: string) =>
  call(origin, 'GET', '/v1/agents/view/1', undefined, { token, headers: { prefer: 'delay=1, code=503' } });

describe('streams whose clients stop reading', { timeout: 300_000 }, () => {
  it('are cut, give back their slots, and leave the server’s memory where it was', async () => {
    const { origin, port, process: running } = server();
    const inspector = inspectorUrl(running.output());
    const pid = running.child.pid as number;
    // Warm: both engine workers started (each keeps its own heap, however many streams come),
    // long answers planned and streamed, their entries journaled.
    for (const warm of await Promise.all([1, 2, 3].map(() => readWholeStream(origin, TEST_TOKENS.chat)))) {
      expect(warm.status).toBe(200);
      expect(warm.text).toContain('data: [DONE]');
    }
    const heapBefore = await heapUsedAfterGc(inspector);
    const residentBefore = residentBytes(pid);

    // Each account opens its streams one after another (both accounts at once): opened all at
    // once, a loaded machine queues more of one token's answers for planning than the engine
    // pool holds for a token, and the rest are refused as busy (429), which is not this test's.
    const stalledOf = async (token: string) => {
      const streams: StalledStream[] = [];
      for (let opened = 0; opened < PER_TOKEN; opened++) {
        const stream = stalledStream(port, token);
        expect(await stream.started).toMatch(/^HTTP\/1\.1 200 /);
        streams.push(stream);
      }
      return streams;
    };
    const stalled = (await Promise.all([TEST_TOKENS.all, TEST_TOKENS.other].map(stalledOf))).flat();
    // Meanwhile a reader is served its whole answer.
    const reader = await readWholeStream(origin, TEST_TOKENS.chat);
    expect(reader.text).toContain('data: [DONE]');

    // Cut: both accounts have their slots back.
    for (const token of [TEST_TOKENS.all, TEST_TOKENS.other])
      await vi.waitFor(async () => expect((await probe(origin, token)).status).toBe(503), {
        timeout: 120_000,
        interval: 250,
      });
    // What each client sees: a 200 stream, cut before its terminal event, unless the whole answer
    // (about 6 MB) fitted in the sockets' buffers on both sides, so the server never waited for it.
    const seen = await Promise.all(stalled.map((stream) => stream.resume()));
    const cut = seen.map((received) => {
      expect(received).toMatch(/^HTTP\/1\.1 200 /);
      expect(received).toContain('data: {"object":"chat.request.chunk"');
      const whole = received.includes('data: [DONE]') && received.endsWith('\r\n0\r\n\r\n');
      if (!whole) expect(received).not.toContain('[DONE]');
      return !whole;
    });
    const cutOfAcme = cut.slice(0, PER_TOKEN).filter(Boolean).length;
    // Buffers that big are rare: most are cut, and every account has some cut.
    expect(cutOfAcme).toBeGreaterThan(0);
    expect(cut.slice(PER_TOKEN).filter(Boolean).length).toBeGreaterThan(0);
    // The journal says how they ended (the admin token sees its own account's requests at least).
    const journal = await call(origin, 'GET', '/_admin/requests?limit=1000', undefined, {
      token: TEST_TOKENS.admin,
    });
    const entries = journal.body.data.requests as {
      operationId: string | null;
      outcome: string;
      token: { name: string } | null;
    }[];
    const acme = entries.filter(
      (entry) => entry.operationId === 'chatRequest' && entry.token?.name === 'all',
    );
    expect(acme).toHaveLength(PER_TOKEN);
    expect(acme.filter((entry) => entry.outcome === 'stalled')).toHaveLength(cutOfAcme);
    expect(acme.filter((entry) => entry.outcome === 'answered')).toHaveLength(PER_TOKEN - cutOfAcme);

    // Memory: back near where it was (generous bounds: a journal of whole streams held about
    // 9 MB more heap after these, and a stream's planned answer alone is about a megabyte).
    const heapAfter = await heapUsedAfterGc(inspector);
    expect((heapAfter - heapBefore) / MB).toBeLessThan(5);
    expect((residentBytes(pid) - residentBefore) / MB).toBeLessThan(120);

    // And both accounts stream again.
    for (const token of [TEST_TOKENS.all, TEST_TOKENS.other]) {
      const again = await readWholeStream(origin, token);
      expect(again.status).toBe(200);
      expect(again.text).toContain('data: [DONE]');
    }
  });
});
