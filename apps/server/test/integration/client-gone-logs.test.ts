/**
 * A client that closes its connection before its answer is not a failure of the server's: the
 * built CLI (its real log output) logs one info line saying the work was cancelled, and nothing at
 * error level, whether the server was holding the request (`Prefer: delay`) or, as a proxy, waiting
 * for its target; the journal says `client-closed`, and the proxy cancels its request to the target.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, type RunningServer, startCli, stopAllServers } from '../helpers/cli-process.js';
import { testChatBody } from '../helpers/fixtures.js';

const TOKEN = 'client-gone-dev-token';
const env = { DATABASE_URL: ':memory:', LOG_FORMAT: 'json', LOG_LEVEL: 'info', ASSISTANT_DEV_TOKEN: TOKEN };
const CANCELLED = 'the client closed its connection before its answer; its work was cancelled';

/** A target that takes requests and never answers; it notes each one whose connection closed. */
const held: IncomingMessage[] = [];
const closedAtTarget: string[] = [];
const target = createServer((request) => {
  held.push(request);
  request.socket.once('close', () => closedAtTarget.push(request.url ?? ''));
});

beforeAll(async () => {
  ensureBuilt();
  await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
}, 120_000);
afterEach(stopAllServers);
afterAll(async () => {
  target.closeAllConnections();
  await new Promise((resolve) => target.close(resolve));
});

/** The JSON log lines a server has written so far. */
const logLines = (server: RunningServer) =>
  server
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { level: number; msg: string });

/** Sends a GET and closes the connection once `closeWhen` says so, before any answer comes. */
async function getAndGoAway(url: string, headers: Record<string, string>, closeWhen: () => Promise<void>) {
  const client = new AbortController();
  const answer = fetch(url, {
    headers: { authorization: `Bearer ${TOKEN}`, ...headers },
    signal: client.signal,
  });
  await closeWhen();
  client.abort();
  await expect(answer).rejects.toThrow();
}

async function journalOf(server: RunningServer) {
  const response = await fetch(`${server.origin}/_admin/requests`, {
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  return ((await response.json()) as { data: { requests: { path: string; outcome: string }[] } }).data
    .requests;
}

describe('a client that goes away before its answer', { timeout: 60_000 }, () => {
  it('is logged at info, not as a failed request, while the server holds it (Prefer: delay)', async () => {
    const server = await startCli([], env);
    // Held for 30 s: the client has long gone away before the delay could end.
    await getAndGoAway(`${server.origin}/v1/agents/view/1`, { prefer: 'delay=30000' }, () =>
      expect.poll(() => server.output(), { timeout: 10_000 }).toContain('"url":"/v1/agents/view/1"'),
    );
    await expect.poll(() => logLines(server).map((line) => line.msg)).toContain(CANCELLED);
    expect(logLines(server).find((line) => line.msg === CANCELLED)?.level).toBe(30);
    expect(logLines(server).filter((line) => line.level >= 50)).toEqual([]);
    expect((await journalOf(server))[0]).toMatchObject({
      path: '/v1/agents/view/1',
      outcome: 'client-closed',
    });
  });

  it('is logged at info when its chat was running on an engine thread, which is cancelled', async () => {
    const server = await startCli([], env);
    // A pattern that backtracks for as long as the engine's budget lets it: work on a thread.
    const schema = { type: 'string', pattern: '^(a+)+$', const: `${'a'.repeat(30)}!` };
    const client = new AbortController();
    const answer = fetch(`${server.origin}/v1/agents/chat/request`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify(
        testChatBody({ response_format: { type: 'json_schema', json_schema: { name: 'x', schema } } }),
      ),
      signal: client.signal,
    });
    await expect
      .poll(() => server.output(), { timeout: 10_000 })
      .toContain('"url":"/v1/agents/chat/request"');
    client.abort();
    await expect(answer).rejects.toThrow();
    await expect.poll(() => logLines(server).map((line) => line.msg)).toContain(CANCELLED);
    expect(logLines(server).filter((line) => line.level >= 50)).toEqual([]);
  });

  it('is logged at info by a proxy waiting for its target, which sees its request cancelled', async () => {
    const targetUrl = `http://127.0.0.1:${(target.address() as AddressInfo).port}/v1`;
    const proxy = await startCli(['--target', targetUrl], env, { command: 'proxy' });
    await getAndGoAway(`${proxy.origin}/v1/agents/view/7`, {}, () =>
      expect.poll(() => held.map((request) => request.url)).toContain('/v1/agents/view/7'),
    );
    await expect.poll(() => closedAtTarget).toContain('/v1/agents/view/7');
    await expect.poll(() => logLines(proxy).map((line) => line.msg)).toContain(CANCELLED);
    expect(logLines(proxy).filter((line) => line.level >= 50)).toEqual([]);
    expect((await journalOf(proxy))[0]).toMatchObject({
      path: '/v1/agents/view/7',
      outcome: 'client-closed',
    });
  });
});
