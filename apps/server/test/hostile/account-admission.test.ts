/**
 * One account's requests in flight, and the bytes of their bodies, are bounded before any body is
 * read, and only that account is refused (issue: one account's flood of requests and large bodies
 * filled the event loop and the memory every account shares). Two real accounts of the fixture seed
 * over real HTTP on the built server; "in flight" is certain, not timed: chats a model server holds
 * until released, and an upload that stops half-way.
 */
import { request as httpRequest } from 'node:http';
import {
  chatUpstreamEnv,
  completion,
  type FakeUpstream,
  sendJson,
  startFakeUpstream,
} from '@assistant-platform/engines/testing';
import { BUSY_MESSAGE } from '@assistant-platform/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, stopAllServers } from '../helpers/cli-process.js';
import { expectMatchesContract } from '../helpers/contract.js';
import { TEST_TOKENS, testChatBody } from '../helpers/fixtures.js';
import { type HostileServer, startHostileServer } from './hostile-server.js';
import { type Answer, call } from './http-probe.js';

const MAX_REQUESTS = 3;
const MAX_BODY_BYTES = 10 * 1024 * 1024;
let upstream: FakeUpstream;
let server: HostileServer;
/** Releases the requests the model server holds. */
const held: (() => void)[] = [];

beforeAll(async () => {
  ensureBuilt();
  upstream = await startFakeUpstream();
  upstream.handle((_request, res) => {
    held.push(() => sendJson(res, 200, completion('Held answer', 'stop')));
  });
  server = await startHostileServer({
    ...chatUpstreamEnv(upstream.url, 'upstream-model'),
    ACCOUNT_MAX_REQUESTS_IN_FLIGHT: String(MAX_REQUESTS),
    ACCOUNT_MAX_BODY_BYTES_IN_FLIGHT: String(MAX_BODY_BYTES),
  });
}, 120_000);
afterAll(async () => {
  for (const release of held.splice(0)) release();
  await stopAllServers();
  await upstream?.close();
});

/** Waits (bounded) until `check` holds. */
async function until(what: string, check: () => boolean | Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`still not ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const getAgent = (token: string) => call(server.origin, 'GET', '/v1/agents/view/1', undefined, { token });

function expectBusy(answer: Answer): void {
  expect(answer.status, JSON.stringify(answer.body)).toBe(429);
  expect(answer.body).toEqual({ success: false, message: BUSY_MESSAGE });
  expect(Number(answer.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
}

/**
 * A POST that declares `length` bytes of JSON body and sends only `sent` of them: `answer` resolves
 * with the answer's status and body if the server answers without waiting for the rest, `written`
 * once what is sent has left.
 */
function partialUpload(token: string, length: number, sent: number) {
  const req = httpRequest(`${server.origin}/v1/agents/create`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      'content-length': String(length),
    },
  });
  let answered = false;
  const answer = new Promise<{ status: number; body: unknown }>((resolve, reject) => {
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        text += chunk;
      });
      res.on('end', () => {
        answered = true;
        resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) });
      });
    });
    req.on('error', (error) => {
      answered = true;
      reject(error);
    });
  });
  answer.catch(() => undefined);
  const written = new Promise<void>((resolve) => {
    if (sent > 0) req.write(`{"name":"${'n'.repeat(sent - 9)}`, () => resolve());
    else {
      req.flushHeaders();
      resolve();
    }
  });
  return { answer, written, answered: () => answered, abort: () => req.destroy() };
}

describe('admission per account', { timeout: 120_000 }, () => {
  it("refuses an account's request past its requests in flight as busy, whichever its token, and serves another account", async () => {
    const chats = Array.from({ length: MAX_REQUESTS }, () =>
      call(server.origin, 'POST', '/v1/agents/chat/request', testChatBody(), {
        token: TEST_TOKENS.all,
        timeoutMs: 60_000,
      }),
    );
    await until('holding the chats', () => held.length === MAX_REQUESTS);
    const refused = await getAgent(TEST_TOKENS.all);
    expectBusy(refused);
    expectMatchesContract('getAgent', 429, refused.body);
    // Another token of the same account shares its account's allowance.
    expectBusy(await getAgent(TEST_TOKENS.read));
    // Another account is served meanwhile.
    const other = await call(server.origin, 'GET', '/v1/agents/view/3', undefined, {
      token: TEST_TOKENS.other,
    });
    expect(other.status).toBe(200);

    for (const release of held.splice(0)) release();
    expect((await Promise.all(chats)).map((answer) => answer.status)).toEqual(Array(MAX_REQUESTS).fill(200));
    // Once they are answered, the account is served again.
    await until('serving the account again', async () => (await getAgent(TEST_TOKENS.all)).status === 200);
  });

  it("refuses an account's body past its bytes in flight before reading it, and serves another account's", async () => {
    const sixMiB = 6 * 1024 * 1024;
    const create = (token: string, instructionBytes: number) =>
      call(
        server.origin,
        'POST',
        '/v1/agents/create',
        { name: 'Large', instruction: 'i'.repeat(instructionBytes) },
        { token, timeoutMs: 60_000 },
      );
    // Half-way through an upload, the first body holds its declared bytes.
    let first = partialUpload(TEST_TOKENS.all, sixMiB, 64 * 1024);
    try {
      // Until the first body is counted, a 5 MiB one is received (and refused for its length).
      await until('counting the first body', async () => {
        // A first body that came after a 5 MiB one was refused itself: it starts again.
        if (first.answered()) first = partialUpload(TEST_TOKENS.all, sixMiB, 64 * 1024);
        await first.written;
        return (await create(TEST_TOKENS.all, 5 * 1024 * 1024)).status === 429;
      });
      // Nothing of this body is ever sent (another token of the account): its refusal cannot have
      // waited for it.
      const second = partialUpload(TEST_TOKENS.write, sixMiB, 0);
      const refused = await second.answer;
      second.abort();
      expect(refused).toEqual({ status: 429, body: { success: false, message: BUSY_MESSAGE } });
      // Another account's body of the same size is received, and validated.
      const other = await create(TEST_TOKENS.other, sixMiB - 100);
      expect(other.status, JSON.stringify(other.body).slice(0, 300)).toBe(400);
      expect(other.body.errors).toEqual([
        { path: '/instruction', message: expect.stringMatching(/must NOT have more than/) },
      ]);
    } finally {
      first.abort();
    }
    // Once the upload is gone, the account is served again.
    await until('serving the account again', async () => (await create(TEST_TOKENS.all, 10)).status === 201);
  });
});
