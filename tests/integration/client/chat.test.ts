/** Chat, whole and streamed, end to end against the real reference server. */

import {
  APIUserAbortError,
  type AssistantClient,
  type ChatInput,
  type ChatStreamChunk,
  createAssistantClient,
  PermissionDeniedError,
} from '@assistant-platform/client';
import type { ReferenceServer } from '@assistant-platform/server';
import { TEST_TOKENS, testChatBody } from '@assistant-platform/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSeededServer } from './reference-server.js';

let server: ReferenceServer;
let sdk: AssistantClient;
const body: ChatInput = testChatBody();

beforeAll(async () => {
  server = await startSeededServer();
  sdk = createAssistantClient({ baseUrl: server.baseUrl, token: TEST_TOKENS.all, maxRetries: 0 });
});
afterAll(() => server?.close());

describe('agents.chat', () => {
  it('answers with one assistant message and how it finished', async () => {
    const result = await sdk.agents.chat(body);
    expect(result.object).toBe('chat.request');
    expect(result.model).toBe('svc-v1-blaze-20250318');
    expect(result.request).toHaveLength(1);
    const [item] = result.request;
    expect(item?.message.role).toBe('assistant');
    expect(item?.message.content.length).toBeGreaterThan(0);
    expect(['stop', 'length']).toContain(item?.finish_reason);
    expect(typeof item?.matched_stop).toBe('number');
  });
});

describe('agents.chatStream', () => {
  it('streams chunks whose deltas add up to the non-streamed answer', async () => {
    const whole = await sdk.agents.chat(body);
    const stream = await sdk.agents.chatStream(body);
    expect(stream.requestId).toBeTruthy();
    const chunks: ChatStreamChunk[] = [];
    for await (const chunk of stream) chunks.push(chunk);

    expect(chunks.length).toBeGreaterThan(1);
    expect(chunks.every((chunk) => chunk.object === 'chat.request.chunk')).toBe(true);
    const last = chunks.at(-1)?.request[0];
    expect(last?.finish_reason).toBe(whole.request[0]?.finish_reason);
    expect(chunks.slice(0, -1).every((chunk) => chunk.request[0]?.finish_reason === null)).toBe(true);

    const text = await stream.text();
    expect(text).toBe(chunks.map((chunk) => chunk.request[0]?.delta.content ?? '').join(''));
    expect(text).toBe(whole.request[0]?.message.content);
    const final = await stream.final();
    expect(final.request[0]).toEqual(whole.request[0]);
  });

  it('gives the whole answer from text() without a loop', async () => {
    const text = await (await sdk.agents.chatStream(body)).text();
    expect(text.length).toBeGreaterThan(0);
  });

  it('stops reading when aborted mid-stream', async () => {
    const stream = await sdk.agents.chatStream(body);
    let seen = 0;
    for await (const _ of stream) {
      seen++;
      stream.abort();
    }
    expect(seen).toBe(1);
    await expect(stream.final()).rejects.toBeInstanceOf(APIUserAbortError);
  });

  it('throws the error envelope as a typed error before any chunk', async () => {
    await expect(sdk.agents.chatStream(body, { headers: { prefer: 'code=403' } })).rejects.toBeInstanceOf(
      PermissionDeniedError,
    );
  });

  it('still answers after an aborted stream', async () => {
    const stream = await sdk.agents.chatStream(body);
    stream.abort();
    await expect(stream.text()).rejects.toBeInstanceOf(APIUserAbortError);
    await expect(sdk.agents.chat(body)).resolves.toMatchObject({ object: 'chat.request' });
  });
});
