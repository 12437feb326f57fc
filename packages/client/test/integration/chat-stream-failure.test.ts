/**
 * A chat stream the reference server has to cut short, end to end: the server talks OpenAI to a
 * model server that fails after its first chunk, and the SDK must throw rather than end quietly.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type ReferenceServer, startReferenceServer } from '@assistant-platform/server';
import { TEST_TOKENS, testSeed } from '@assistant-platform/server/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createAssistantClient, InternalServerError } from '../../src/index.js';

let upstream: Server;
let server: ReferenceServer;

beforeAll(async () => {
  // Streams one OpenAI chunk, then reports an error the way OpenAI-compatible servers do mid-stream.
  upstream = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      const chunk = { choices: [{ index: 0, delta: { content: 'It ships ' }, finish_reason: null }] };
      res.end(`data: ${JSON.stringify(chunk)}\n\ndata: {"error":{"message":"out of memory"}}\n\n`);
    });
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  const { port } = upstream.address() as AddressInfo;
  server = await startReferenceServer({
    seed: testSeed,
    env: {
      CHAT_ENGINE: 'openai',
      CHAT_UPSTREAM_URL: `http://127.0.0.1:${port}/v1`,
      CHAT_MODEL_MAP: JSON.stringify({ 'svc-v1-blaze-20250318': 'upstream-model' }),
    },
  });
});
afterAll(async () => {
  await server?.close();
  await new Promise((resolve) => upstream?.close(resolve));
});

it('yields the delta the server sent, then throws InternalServerError with the request id', async () => {
  const sdk = createAssistantClient({ baseUrl: server.baseUrl, token: TEST_TOKENS.all, maxRetries: 0 });
  const stream = await sdk.agents.chatStream({
    name: 'Support triage',
    description: 'Answers first-line support questions.',
    instruction: 'Answer politely.',
    intents: ['delivery status'],
    message: { role: 'user', content: [{ type: 'text', text: 'Where is my parcel?' }] },
  });
  const deltas: string[] = [];
  const error = await (async () => {
    for await (const chunk of stream) deltas.push(chunk.request[0]?.delta.content ?? '');
  })().catch((caught: unknown) => caught);
  expect(deltas).toEqual(['It ships ']);
  expect(error).toBeInstanceOf(InternalServerError);
  expect(error).toMatchObject({ status: 500, message: 'Internal server error' });
  expect((error as InternalServerError).requestId).toBe(stream.requestId);
  expect(stream.requestId).toBeTruthy();
  expect((error as Error).message).not.toContain('memory');
});
