/** Every procedure end to end: @trpc/client → gateway → reference server, and back. */

import { testChatBody } from '@assistant-platform/server/testing';
import type { ChatStreamChunk } from '@assistant-platform/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Stack, startStack } from './helpers/stack.js';
import { collect } from './helpers/subscription.js';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack.close());

describe('agents', () => {
  it('creates an agent and reads it back by the id create returned, its numeric string and agentReferenceId', async () => {
    const client = stack.client();
    const created = await client.agents.create.mutate({
      name: 'Gateway agent',
      instruction: 'Be brief.',
      intents: ['refund'],
      tools: [{ type: 'svc_tool', svc_tool: 'web_search_tool' }],
    });
    expect(created).toMatchObject({ name: 'Gateway agent', instruction: 'Be brief.', status: 'ACTIVE' });

    const byId = await client.agents.get.query({ id: created.id });
    const byNumericString = await client.agents.get.query({ id: String(created.id) });
    const byReference = await client.agents.get.query({ id: created.agentReferenceId });
    expect(byId).toMatchObject({
      id: created.id,
      intents: ['refund'],
      knowledgeBaseId: null,
      tools: [{ type: 'svc_tool', svc_tool: 'web_search_tool' }],
    });
    expect(byNumericString).toEqual(byId);
    expect(byReference).toEqual(byId);
  });
});

describe('chat', () => {
  it('answers a chat request in one piece', async () => {
    const result = await stack.client().chat.request.mutate(testChatBody());
    expect(result.object).toBe('chat.request');
    expect(result.request[0]?.message.role).toBe('assistant');
    expect(result.request[0]?.message.content.length).toBeGreaterThan(0);
    expect(['stop', 'length']).toContain(result.request[0]?.finish_reason);
  });

  it('streams the answer as chunks over SSE, ending with a finish_reason', async () => {
    const client = stack.client();
    const { data, error } = await collect<ChatStreamChunk>((callbacks) =>
      client.chat.stream.subscribe(testChatBody(), callbacks),
    );
    expect(error).toBeUndefined();
    expect(data.length).toBeGreaterThan(1);
    expect(data.every((chunk) => chunk.object === 'chat.request.chunk')).toBe(true);
    const text = data.map((chunk) => chunk.request[0]?.delta.content ?? '').join('');
    expect(text.length).toBeGreaterThan(0);
    expect(data.at(-1)?.request[0]?.finish_reason).toMatch(/^(stop|length)$/);
  });

  it('streams a chat whose input is far larger than a default URL limit', async () => {
    const client = stack.client();
    const history = Array.from({ length: 40 }, (_, i) => ({
      role: 'user' as const,
      content: [{ type: 'text' as const, text: `Earlier message ${i}: ${'parcel '.repeat(200)}` }],
    }));
    const { data, error } = await collect<ChatStreamChunk>((callbacks) =>
      client.chat.stream.subscribe({ ...testChatBody(), memoryChat: history }, callbacks),
    );
    expect(error).toBeUndefined();
    expect(data.at(-1)?.request[0]?.finish_reason).toMatch(/^(stop|length)$/);
  });
});

describe('transcriptions', () => {
  it('replaces a transcript and keeps the other fields', async () => {
    const updated = await stack.client().transcriptions.update.mutate({
      workspaceId: 7,
      transcriptionId: 42,
      transcript: { filename: 'call.mp3', transcript: 'Agent: Good morning.' },
    });
    expect(updated).toMatchObject({
      id: 42,
      fileName: 'call.mp3',
      status: 'COMPLETED',
      transcript: { filename: 'call.mp3', transcript: 'Agent: Good morning.' },
      createdAt: '2025-01-02T03:04:05.000Z',
    });
  });
});

describe('embeddings', () => {
  it('returns one vector per sentence', async () => {
    const result = await stack.client().embeddings.create.mutate({
      sentences: ['Where is my parcel?', 'Wo ist mein Paket?'],
      lang: 'multi',
    });
    expect(result.embeddings).toHaveLength(2);
    expect(result.embeddings[0]?.length).toBeGreaterThan(0);
  });
});
