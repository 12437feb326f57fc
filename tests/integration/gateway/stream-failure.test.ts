/**
 * A chat that fails after the model started answering: a tRPC caller must see an error, never a
 * quietly completed stream or a half answer passed off as whole, and the gateway must not re-send it.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  chatUpstreamEnv,
  type FakeUpstream,
  failingAfter,
  startFakeUpstream,
} from '@assistant-platform/engines/testing';
import type { AppRouter } from '@assistant-platform/gateway';
import { defineConfig, type RunningGateway, startGateway } from '@assistant-platform/gateway';
import { createGatewayClient } from '@assistant-platform/gateway-client';
import { TEST_TOKENS, testChatBody } from '@assistant-platform/server/testing';
import type { ChatStreamChunk } from '@assistant-platform/types';
import { TRPCClientError } from '@trpc/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Stack, startStack } from './helpers/stack.js';
import { collect } from './helpers/subscription.js';

describe('a model server failing mid-answer behind the reference server', () => {
  /** The model's deltas before it fails. */
  const WORDS = ['word0 ', 'word1 '];
  let llm: FakeUpstream;
  let stack: Stack;
  beforeAll(async () => {
    llm = await startFakeUpstream();
    llm.handle(failingAfter(WORDS, 'error-object'));
    stack = await startStack({}, { serverEnv: chatUpstreamEnv(llm.url, 'failing-model') });
  });
  afterAll(async () => {
    await stack?.close();
    await llm?.close();
  });

  it.each(['error-object', 'cut'] as const)(
    'chat.stream yields the deltas, then ends with INTERNAL_SERVER_ERROR when the model server sends %s',
    async (ending) => {
      llm.handle(failingAfter(WORDS, ending));
      const before = llm.received.length;
      const client = stack.client();
      const { data, error } = await collect<ChatStreamChunk>((callbacks) =>
        client.chat.stream.subscribe(testChatBody(), callbacks),
      );
      expect(data.map((chunk) => chunk.request[0]?.delta.content)).toEqual(['word0 ', 'word1 ']);
      expect(error).toBeInstanceOf(TRPCClientError);
      expect(error?.data?.code).toBe('INTERNAL_SERVER_ERROR');
      expect(error?.message).toBe('Internal server error');
      expect(JSON.stringify(error?.shape)).not.toContain('CUDA');
      // Ended, not reconnected: the chat reached the model once.
      expect(llm.received.length - before).toBe(1);
    },
  );

  it('chat.request rejects with INTERNAL_SERVER_ERROR when the answer is cut', async () => {
    const error = await stack
      .client()
      .chat.request.mutate(testChatBody())
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TRPCClientError);
    expect((error as TRPCClientError<AppRouter>).data?.code).toBe('INTERNAL_SERVER_ERROR');
  });
});

describe('a platform that ends a stream with the 429 envelope', () => {
  let platform: Server;
  let gateway: RunningGateway;
  beforeAll(async () => {
    // Speaks the platform's own protocol: one chunk, then the terminal `event: error`.
    platform = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        res.writeHead(200, { 'content-type': 'text/event-stream', 'x-request-id': 'platform-req-1' });
        const chunk = {
          object: 'chat.request.chunk',
          created: 1742292000,
          model: 'svc-v1-blaze-20250318',
          request: [
            {
              index: 0,
              delta: { role: 'assistant', content: 'Hel' },
              finish_reason: null,
              matched_stop: null,
            },
          ],
        };
        const envelope = { success: false, message: 'Rate limit exceeded. Please try again later.' };
        res.end(`data: ${JSON.stringify(chunk)}\n\nevent: error\ndata: ${JSON.stringify(envelope)}\n\n`);
      });
    });
    await new Promise<void>((resolve) => platform.listen(0, '127.0.0.1', resolve));
    const { port } = platform.address() as AddressInfo;
    gateway = await startGateway(
      defineConfig({ port: 0, logLevel: 'silent', upstreamBaseUrl: `http://127.0.0.1:${port}/v1` }),
    );
  });
  afterAll(async () => {
    await gateway?.close();
    await new Promise((resolve) => platform?.close(resolve));
  });

  it('chat.stream ends with TOO_MANY_REQUESTS and the envelope message, after the chunk', async () => {
    const client = createGatewayClient({ url: gateway.url, token: TEST_TOKENS.all });
    const { data, error } = await collect<ChatStreamChunk>((callbacks) =>
      client.chat.stream.subscribe(testChatBody(), callbacks),
    );
    expect(data.map((chunk) => chunk.request[0]?.delta.content)).toEqual(['Hel']);
    expect(error?.data?.code).toBe('TOO_MANY_REQUESTS');
    expect(error?.message).toBe('Rate limit exceeded. Please try again later.');
  });
});
