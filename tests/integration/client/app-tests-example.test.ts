/**
 * The README's example of a product team's tests, run as written: an app's calls through the SDK
 * against `startReferenceServer()`, asserting what the app sent (the journal), how it handled a 503
 * (a fault rule, with no change to the app) and a cut stream, with a scripted chat answer.
 */
import { APIConnectionError, createAssistantClient } from '@assistant-platform/client';
import { type ReferenceServer, startReferenceServer } from '@assistant-platform/server/testing';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';

// The app under test: it asks the support agent and says whether the answer is complete.
async function askSupport(client: ReturnType<typeof createAssistantClient>, question: string) {
  const stream = await client.agents.chatStream({
    name: 'Support triage',
    description: 'Answers delivery questions.',
    instruction: 'Answer politely.',
    intents: ['delivery status'],
    message: { role: 'user', content: [{ type: 'text', text: question }] },
  });
  let text = '';
  try {
    for await (const chunk of stream) text += chunk.request[0]?.delta.content ?? '';
    return { text, complete: true };
  } catch (error) {
    if (error instanceof APIConnectionError) return { text, complete: false };
    throw error;
  }
}

let server: ReferenceServer;
beforeAll(async () => {
  server = await startReferenceServer();
});
afterEach(() => server.admin.reset());
afterAll(() => server.close());

const client = () => createAssistantClient({ baseUrl: server.baseUrl, token: server.tokens.all as string });

it('sends the question with the agent’s intents, and shows the scripted answer', async () => {
  await server.admin.fixtures.add({
    match: { messageContains: 'parcel' },
    answer: { content: 'Your parcel ships today.' },
  });
  expect(await askSupport(client(), 'Where is my parcel?')).toEqual({
    text: 'Your parcel ships today.',
    complete: true,
  });
  const [sent] = await server.admin.requests({ path: '/v1/agents/chat/request' });
  expect(sent?.requestBody).toMatchObject({ intents: ['delivery status'], stream: true });
  expect(sent?.token?.name).toBe('all');
});

it('gets its answer when the service is unavailable once (the SDK retries)', async () => {
  await server.admin.faults.add({
    match: { path: '/v1/agents/chat/request' },
    fault: { code: 503 },
    times: 1,
  });
  expect((await askSupport(client(), 'Where is my parcel?')).complete).toBe(true);
  const { requests } = await server.admin.find({ path: '/v1/agents/chat/request' });
  expect(requests.map((entry) => entry.status)).toEqual([200, 503]);
});

it('tells a cut stream from a complete answer', async () => {
  await server.admin.faults.add({
    match: { path: '/v1/agents/chat/request' },
    fault: { disconnectAfter: 3 },
  });
  const answer = await askSupport(client(), 'Where is my parcel?');
  expect(answer.complete).toBe(false);
  expect(answer.text.length).toBeGreaterThan(0);
});
