/**
 * What an end user wrote never reaches a URL, so neither the gateway's logs nor a proxy's access log
 * keep it: the gateway client requests `chat.stream` by POST with the input in the body, the gateway
 * refuses it by GET, and every log line shows a request's URL without its query string. Run through
 * the built `assistant-gateway` command, whose JSON log lines are what an operator collects.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createGatewayClient } from '@assistant-platform/gateway-client';
import { type ReferenceServer, startReferenceServer } from '@assistant-platform/server';
import { TEST_TOKENS, testChatBody } from '@assistant-platform/server/testing';
import type { ChatStreamChunk } from '@assistant-platform/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeEnv } from '../reference-store.js';
import { collect } from './helpers/subscription.js';

const CLI = fileURLToPath(new URL('../../../apps/gateway/dist/cli.js', import.meta.url));

let server: ReferenceServer;
let gateway: ChildProcess;
let gatewayUrl: string;
let logs = '';

/** The gateway's JSON log lines so far, parsed. */
const logLines = () =>
  logs
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { msg?: string; req?: { method: string; url: string } });

const chatWith = (text: string) =>
  testChatBody({ message: { role: 'user' as const, content: [{ type: 'text' as const, text }] } });

beforeAll(async () => {
  server = await startReferenceServer({ env: await storeEnv() });
  gateway = spawn(process.execPath, [CLI], {
    env: {
      ...process.env,
      GATEWAY_PORT: '0',
      UPSTREAM_BASE_URL: server.baseUrl,
      LOG_FORMAT: 'json',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  gateway.stdout?.on('data', (chunk: Buffer) => {
    logs += chunk.toString();
  });
  gatewayUrl = await new Promise<string>((resolve, reject) => {
    gateway.stdout?.on('data', () => {
      const url = /listening on (http:\S+) /.exec(logs)?.[1];
      if (url) resolve(url);
    });
    gateway.once('exit', (code) => reject(new Error(`the gateway exited (${code}) before it listened`)));
  });
});

afterAll(async () => {
  gateway?.kill();
  await server?.close();
});

describe('chat input and the logs', () => {
  it('streams a chat requested by POST, and no log line holds its text', async () => {
    const secret = 'my card number is 4111-secret-7731';
    const client = createGatewayClient({ url: gatewayUrl, token: TEST_TOKENS.all });
    const outcome = await collect<ChatStreamChunk>((callbacks) =>
      client.chat.stream.subscribe(chatWith(secret), callbacks),
    );
    expect(outcome.error).toBeUndefined();
    expect(outcome.data.length).toBeGreaterThan(0);

    await expect
      .poll(() => logLines().filter((line) => line.req?.url === '/trpc/chat.stream'), { timeout: 60_000 })
      .toEqual([expect.objectContaining({ req: expect.objectContaining({ method: 'POST' }) })]);
    expect(logs).not.toContain('4111-secret-7731');
    // The platform got the chat's text all the same, in the body of its one call.
    const { requests } = await server.admin.find({ path: '/v1/agents/chat/request', bodyContains: secret });
    expect(requests).toHaveLength(1);
  });

  it('refuses chat.stream by GET without calling the platform, and logs its URL without the query', async () => {
    const secret = 'call me on 555-secret-0199';
    const before = (await server.admin.find({ path: '/v1/agents/chat/request' })).count;
    const input = encodeURIComponent(JSON.stringify(chatWith(secret)));
    const response = await fetch(`${gatewayUrl}/trpc/chat.stream?input=${input}`, {
      headers: { authorization: `Bearer ${TEST_TOKENS.all}`, accept: 'text/event-stream' },
    });
    const events = await response.text();
    expect(events).toContain('METHOD_NOT_SUPPORTED');
    expect(events).toContain('POST body');
    expect((await server.admin.find({ path: '/v1/agents/chat/request' })).count).toBe(before);

    await expect
      .poll(
        () => logLines().filter((line) => line.req?.method === 'GET' && line.req.url === '/trpc/chat.stream'),
        { timeout: 5000 },
      )
      .not.toEqual([]);
    expect(logs).not.toContain('555-secret-0199');
    expect(logs).not.toContain('input=');
  });
});
