/**
 * Safe retries of writes, end to end: the SDK against a real reference server whose answer to a
 * create is lost after the agent was made (a `dropAnswer` fault rule, as a flaky network would).
 */
import {
  APIConnectionError,
  BadRequestError,
  createAssistantClient,
  StreamIdleTimeoutError,
} from '@assistant-platform/client';
import type { ReferenceServer } from '@assistant-platform/server';
import { TEST_TOKENS, testChatBody } from '@assistant-platform/server/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startSeededServer } from './reference-server.js';

let server: ReferenceServer;
beforeAll(async () => {
  server = await startSeededServer();
});
afterEach(() => server.admin.reset());
afterAll(() => server?.close());

const client = (token: string = TEST_TOKENS.all, options: { maxRetries?: number } = {}) =>
  createAssistantClient({ baseUrl: server.baseUrl, token, ...options });
const agentsNamed = async (name: string) =>
  ((await server.admin.state.export()).agents ?? []).filter((agent) => agent.name === name);

describe('a create whose answer is lost', () => {
  it('is retried by the SDK with the same key and creates exactly one agent', async () => {
    await server.admin.faults.add({
      match: { method: 'POST', path: '/v1/agents/create' },
      fault: { dropAnswer: true },
      times: 1,
    });
    const { data, response } = await client().agents.create.withResponse({
      name: 'Retried once',
      instruction: 'Answer politely.',
    });
    expect(response.headers.get('idempotent-replayed')).toBe('true');
    const stored = await agentsNamed('Retried once');
    expect(stored).toHaveLength(1);
    expect(stored[0]?.id).toBe(data.id);

    const { requests } = await server.admin.find({ path: '/v1/agents/create' });
    const [replay, lost] = requests;
    expect(lost).toMatchObject({ outcome: 'reset', fault: { fault: { dropAnswer: true } } });
    expect(replay?.responseHeaders['idempotent-replayed']).toBe('true');
    expect(replay?.requestHeaders['idempotency-key']).toBe(lost?.requestHeaders['idempotency-key']);
  });

  it('is not sent again when the SDK is told to send no key: the lost answer is thrown, one agent made', async () => {
    await server.admin.faults.add({
      match: { method: 'POST', path: '/v1/agents/create' },
      fault: { dropAnswer: true },
      times: 1,
    });
    const error = await client()
      .agents.create({ name: 'Sent without a key', instruction: 'x' }, { idempotencyKey: false })
      .catch((caught: unknown) => caught);
    // Without a key a second attempt could make a second agent: the caller decides.
    expect(error).toBeInstanceOf(APIConnectionError);
    expect(await agentsNamed('Sent without a key')).toHaveLength(1);
  });
});

describe('keys given by the caller', () => {
  it('answer the stored agent again, marked as a replay', async () => {
    const body = { name: 'Mine', instruction: 'x' };
    const first = await client().agents.create(body, { idempotencyKey: 'order-1001' });
    const again = await client().agents.create.withResponse(body, { idempotencyKey: 'order-1001' });
    expect(again.data).toEqual(first);
    expect(again.response.headers.get('idempotent-replayed')).toBe('true');
    expect(await agentsNamed('Mine')).toHaveLength(1);
  });

  it('throw BadRequestError naming the header for the same key with another body', async () => {
    await client().agents.create({ name: 'First', instruction: 'x' }, { idempotencyKey: 'reused' });
    const error = await client()
      .agents.create({ name: 'Second', instruction: 'x' }, { idempotencyKey: 'reused' })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(BadRequestError);
    expect((error as BadRequestError).errors).toEqual([
      { path: 'header.idempotency-key', message: 'was used with another request' },
    ]);
  });

  it("belong to the token's account: another account's same key creates its own agent", async () => {
    const body = { name: 'Per account', instruction: 'x' };
    const ours = await client(TEST_TOKENS.all).agents.create(body, { idempotencyKey: 'shared-key' });
    const theirs = await client(TEST_TOKENS.other).agents.create.withResponse(body, {
      idempotencyKey: 'shared-key',
    });
    expect(theirs.response.headers.get('idempotent-replayed')).toBeNull();
    expect(theirs.data.id).not.toBe(ours.id);
    expect(await agentsNamed('Per account')).toHaveLength(2);
  });
});

// The reference server sends a stream's headers with its first event, so a slow first event is
// bounded by `timeoutMs` there; a silence before the first event after the headers (and its retry)
// is pinned with fake timers in the client's own suite.
describe('a stalled stream against the server', () => {
  it('throws after the chunks received when the stream stalls between events', async () => {
    const sdk = client(TEST_TOKENS.all, { maxRetries: 0 });
    // One event every 10 s against a 1 s idle timeout.
    const stream = await sdk.agents.chatStream(testChatBody(), {
      idleTimeoutMs: 1000,
      headers: { prefer: 'tps=0.1' },
    });
    let received = 0;
    const loop = (async () => {
      for await (const _ of stream) received++;
    })();
    await expect(loop).rejects.toBeInstanceOf(StreamIdleTimeoutError);
    expect(received).toBe(1);
  });
});
