/**
 * Proxy mode passing on answers that are not streams: a compressed answer byte for byte and
 * checked after decoding, a large answer to a client that reads it slowly (the proxy waits for the
 * client instead of queueing it), a target that fails in the middle of its body (the client's
 * answer is cut, never ended as if complete) and a client that goes away in the middle (the
 * target's answer is abandoned too, and the proxy goes on serving).
 */
import { request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auth, TEST_TOKENS } from '../helpers/fixtures.js';
import { agent, type RunningApp, rawRequest, startApp, startScriptedTarget } from '../helpers/proxy.js';

const found = { success: true, message: 'Agents retrieved successfully', data: agent };
const wrong = { success: true, message: 'Agents retrieved successfully', data: { ...agent, id: 'one' } };
/** An answer far larger than any socket buffer, so the client's reading paces it (and too long a description). */
const LARGE = 8 * 1024 * 1024;
const large = JSON.stringify({ ...found, data: { ...agent, description: 'x'.repeat(LARGE) } });

let target: Awaited<ReturnType<typeof startScriptedTarget>>;
let proxy: RunningApp;
let targetClosed: Promise<void> = Promise.resolve();

beforeAll(async () => {
  const gzipped = (requestId: string, body: unknown) => (_request: unknown, response: ServerResponse) => {
    response.writeHead(200, {
      'content-type': 'application/json',
      'content-encoding': 'gzip',
      'x-request-id': requestId,
    });
    response.end(gzipSync(JSON.stringify(body)));
  };
  target = await startScriptedTarget({
    'GET /v1/agents/view/1': gzipped('gzipped', found),
    'GET /v1/agents/view/2': gzipped('gzipped-wrong', wrong),
    'GET /v1/agents/view/3': (_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json', 'x-request-id': 'large' });
      response.end(large);
    },
    'GET /v1/agents/view/4': (_request, response) => {
      // Promises 1,000 bytes, sends 100, and the connection fails.
      response.writeHead(200, {
        'content-type': 'application/json',
        'content-length': '1000',
        'x-request-id': 'cut',
      });
      response.write(JSON.stringify(found).slice(0, 100), () => response.socket?.destroy());
    },
    'GET /v1/agents/view/5': (_request, response) => {
      targetClosed = new Promise((resolve) => response.once('close', () => resolve()));
      response.writeHead(200, { 'content-type': 'application/json', 'x-request-id': 'endless' });
      // Sends a first part and then nothing: only the client's going away ends this answer.
      response.write(large.slice(0, 64 * 1024));
    },
  });
  proxy = await startApp({ PROXY_TARGET: target.baseUrl });
});
afterAll(async () => {
  await proxy.close();
  await target.close();
});
beforeEach(async () => {
  await fetch(`${proxy.origin}/_admin/reset`, { method: 'POST', headers: auth(TEST_TOKENS.operator) });
});

/** The newest journal entry once its exchange is over (its violations are known then). */
async function lastEntry() {
  await expect.poll(async () => (await proxy.journal())[0]?.violations).not.toBeNull();
  const [entry] = await proxy.journal();
  return entry;
}

/** GET agent `id` through the proxy, its answer as sent (a compressed one still encoded). */
const rawGet = (id: number, onResponse?: (response: IncomingMessage) => void) =>
  rawRequest(proxy.origin, { path: `/v1/agents/view/${id}`, onResponse });

describe('answers that are not streams', () => {
  it('passes a gzip answer on as the target encoded it, and checks what it decodes to', async () => {
    const answer = await rawGet(1);
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(answer.body).toEqual(gzipSync(JSON.stringify(found)));
    expect(await lastEntry()).toMatchObject({ requestId: 'gzipped', outcome: 'answered', violations: [] });

    await rawGet(2);
    const entry = await lastEntry();
    expect(entry?.violations?.map((v) => v.rule)).toEqual(['response-body']);
    expect(entry?.violations?.[0]?.issues).toEqual([{ path: '/data/id', message: 'must be integer' }]);
  });

  it('passes a large answer whole to a client that reads it slowly, and checks it', async () => {
    const answer = await rawGet(3, (response) => {
      // Reads in bursts with pauses, so the proxy's writes meet a full socket buffer.
      const pause = () => {
        response.pause();
        setTimeout(() => response.resume(), 5);
      };
      response.on('data', pause);
      setTimeout(() => response.off('data', pause), 200);
    });
    expect(answer.status).toBe(200);
    expect(answer.body.toString()).toBe(large);
    // Checked whole: the contract bounds a description to 2,000 characters.
    const entry = await lastEntry();
    expect(entry).toMatchObject({ requestId: 'large', outcome: 'answered' });
    expect(entry?.violations?.[0]?.issues).toEqual([
      { path: '/data/description', message: 'must NOT have more than 2000 characters' },
    ]);
  });

  it('cuts the client’s answer when the target fails in the middle of its body', async () => {
    await expect(rawGet(4)).rejects.toThrow();
    await expect.poll(async () => (await proxy.journal())[0]?.outcome).toBe('target-failed');
    // Still serving.
    expect((await rawGet(1)).status).toBe(200);
  });

  it('lets go of the target’s answer when the client goes away in the middle of it', async () => {
    await new Promise<void>((resolve, reject) => {
      const sent = httpRequest(`${proxy.origin}/v1/agents/view/5`, { headers: auth(TEST_TOKENS.all) });
      sent.on('response', (response) => {
        response.once('data', () => {
          sent.destroy();
          resolve();
        });
      });
      sent.on('error', () => undefined);
      setTimeout(() => reject(new Error('no part of the answer came')), 10_000).unref();
      sent.end();
    });
    // The proxy's connection to the target closes with the client's.
    await targetClosed;
    await expect.poll(async () => (await proxy.journal())[0]?.outcome).toBe('client-closed');
    expect((await rawGet(1)).status).toBe(200);
  });
});
