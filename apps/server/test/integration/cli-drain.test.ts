/**
 * SIGTERM drains before the server stops (pipeline/drain-on-close.ts): /healthz says so, what still
 * arrives is served (with `Connection: close`), streams under way finish, and one still running at
 * the bound ends with the terminal 503 event instead of a cut. SIGINT stops at once.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, exited, startCli, stopAllServers } from '../helpers/cli-process.js';
import { auth, TEST_TOKENS, testChatBody, testSeed } from '../helpers/fixtures.js';

const dir = mkdtempSync(join(tmpdir(), 'assistant-drain-'));
const seedFile = join(dir, 'seed.json');
const POLL = { timeout: 60_000, interval: 50 };

beforeAll(() => {
  ensureBuilt();
  writeFileSync(seedFile, JSON.stringify(testSeed));
}, 120_000);
afterEach(stopAllServers);

const start = (name: string, env: Record<string, string> = {}) =>
  startCli(['--seed', seedFile], { DATABASE_URL: join(dir, `${name}.sqlite`), ...env });

/** GET with node:http, to see the `connection` header fetch hides. */
function get(url: string): Promise<{ status: number; connection: string | undefined; body: string }> {
  return new Promise((resolve, reject) => {
    request(url, { headers: auth(TEST_TOKENS.all) }, (answer) => {
      let body = '';
      answer.on('data', (chunk: Buffer) => (body += chunk.toString()));
      answer.on('end', () =>
        resolve({ status: answer.statusCode ?? 0, connection: answer.headers.connection, body }),
      );
    })
      .on('error', reject)
      .end();
  });
}

const streamChat = (origin: string, prefer: string, maxTokens: number) =>
  fetch(`${origin}/v1/agents/chat/request`, {
    method: 'POST',
    headers: { ...auth(TEST_TOKENS.all), 'content-type': 'application/json', prefer },
    body: JSON.stringify(testChatBody({ stream: true, max_tokens: maxTokens })),
  });

describe('draining on SIGTERM', { timeout: 120_000 }, () => {
  it('reports draining on /healthz and keeps serving, each answer closing its connection, then exits 0', async () => {
    const server = await start('drain');
    expect((await get(`${server.origin}/healthz`)).status).toBe(200);
    const streamed = await streamChat(server.origin, 'tps=5', 8);
    server.child.kill('SIGTERM');
    await expect.poll(async () => (await get(`${server.origin}/healthz`)).status, POLL).toBe(503);
    expect(JSON.parse((await get(`${server.origin}/healthz`)).body)).toEqual({ status: 'draining' });
    const served = await get(`${server.origin}/v1/agents/view/1`);
    expect(served).toMatchObject({ status: 200, connection: 'close' });
    // The stream under way when the signal came ends complete.
    expect(await streamed.text()).toMatch(/data: \[DONE\]\n\n$/);
    expect((await exited(server.child)).code).toBe(0);
  });

  it('ends a stream still running at DRAIN_TIMEOUT_MS with the terminal 503 event, then exits 0', async () => {
    const server = await start('bound', { DRAIN_DELAY_MS: '0', DRAIN_TIMEOUT_MS: '2000' });
    // One event a second for up to 200 events: far longer than the bound.
    const streamed = await streamChat(server.origin, 'tps=1', 200);
    const reader = (streamed.body as ReadableStream<Uint8Array>)
      .pipeThrough(new TextDecoderStream())
      .getReader();
    let text = (await reader.read()).value ?? '';
    server.child.kill('SIGTERM');
    for (let part = await reader.read(); !part.done; part = await reader.read()) text += part.value;
    expect(text).toMatch(/^data: /);
    expect(text).not.toContain('[DONE]');
    expect(text.endsWith('event: error\ndata: {"success":false,"message":"Service unavailable"}\n\n')).toBe(
      true,
    );
    expect((await exited(server.child)).code).toBe(0);
  });

  it('does not drain on SIGINT (a person’s Ctrl-C): it stops without waiting DRAIN_DELAY_MS', async () => {
    const server = await start('interrupt', { DRAIN_DELAY_MS: '600000' });
    server.child.kill('SIGINT');
    expect((await exited(server.child)).code).toBe(0);
  });
});
