/**
 * The gateway and the platform's idempotency keys and stalled streams: a caller's `Idempotency-Key`
 * reaches the platform with a lone write (a batch refuses it), never with a stream; `chat.stream`
 * fails a platform stream silent for UPSTREAM_IDLE_TIMEOUT_MS.
 */
import { TEST_TOKENS, testChatBody } from '@assistant-platform/server/testing';
import type { ChatStreamChunk } from '@assistant-platform/types';
import { TRPCClientError } from '@trpc/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Stack, startStack } from './helpers/stack.js';
import { collect } from './helpers/subscription.js';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ upstreamIdleTimeoutMs: 1000 });
});
afterAll(() => stack?.close());

const agentsNamed = async (name: string) =>
  ((await stack.server.admin.state.export()).agents ?? []).filter((agent) => agent.name === name);

describe("a caller's Idempotency-Key", () => {
  it('reaches the platform with agents.create: the same key twice makes one agent', async () => {
    const client = stack.client({ headers: { 'idempotency-key': 'gateway-create-1' }, batch: false });
    const input = { name: 'Through the gateway', instruction: 'x' };
    const first = await client.agents.create.mutate(input);
    const again = await client.agents.create.mutate(input);
    expect(again).toEqual(first);
    expect(await agentsNamed('Through the gateway')).toHaveLength(1);
    const sent = stack.upstreamCalls.filter((call) => call.url.endsWith('/agents/create')).slice(-2);
    expect(sent.map((call) => call.headers.get('idempotency-key'))).toEqual([
      'gateway-create-1',
      'gateway-create-1',
    ]);
  });

  it('answers BAD_REQUEST naming the header when the platform refuses it (another body)', async () => {
    const client = stack.client({ headers: { 'idempotency-key': 'gateway-create-2' }, batch: false });
    await client.agents.create.mutate({ name: 'One', instruction: 'x' });
    const error = await client.agents.create
      .mutate({ name: 'Two', instruction: 'x' })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TRPCClientError);
    expect((error as TRPCClientError<never>).data).toMatchObject({
      code: 'BAD_REQUEST',
      errors: [{ path: 'header.idempotency-key', message: 'was used with another request' }],
    });
  });

  it('is refused in a batch of several calls, which it cannot name one by one', async () => {
    const client = stack.client({ headers: { 'idempotency-key': 'gateway-batch' } });
    const results = await Promise.allSettled([
      client.agents.create.mutate({ name: 'Batched A', instruction: 'x' }),
      client.agents.create.mutate({ name: 'Batched B', instruction: 'x' }),
    ]);
    for (const result of results) {
      expect(result.status).toBe('rejected');
      const error = (result as PromiseRejectedResult).reason as TRPCClientError<never>;
      expect(error.data).toMatchObject({
        code: 'BAD_REQUEST',
        errors: [{ path: 'header.idempotency-key' }],
      });
    }
    expect(await agentsNamed('Batched A')).toHaveLength(0);
  });

  it('is not passed on with chat.stream (the platform stores no streamed answer)', async () => {
    const client = stack.client({ headers: { 'idempotency-key': 'gateway-stream' } });
    const { error } = await collect<ChatStreamChunk>((callbacks) =>
      client.chat.stream.subscribe(testChatBody(), callbacks),
    );
    expect(error).toBeUndefined();
    const [streamed] = stack.upstreamCalls
      .filter((call) => call.url.endsWith('/agents/chat/request'))
      .slice(-1);
    expect(streamed?.headers.get('idempotency-key')).toBeNull();
  });
});

describe('chat.stream over a platform stream that stalls', () => {
  it('ends with INTERNAL_SERVER_ERROR after the chunks received, once silent for UPSTREAM_IDLE_TIMEOUT_MS', async () => {
    // One event every 10 s against the gateway's 1 s idle timeout.
    const client = stack.client({ headers: { prefer: 'tps=0.1' }, token: TEST_TOKENS.all });
    const { data, error } = await collect<ChatStreamChunk>((callbacks) =>
      client.chat.stream.subscribe(testChatBody(), callbacks),
    );
    expect(data).toHaveLength(1);
    expect(error?.data?.code).toBe('INTERNAL_SERVER_ERROR');
  });
});
