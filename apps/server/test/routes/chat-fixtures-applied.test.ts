/**
 * Chat fixtures of `/_admin/chat-fixtures` answering chats, plain and streamed, in place of the
 * configured engine; what the journal says of them.
 */
import type { ChatFixtureInput, JournalEntry } from '@assistant-platform/types/admin';
import { beforeEach, describe, expect, it } from 'vitest';
import { parseChatEvents, streamedContent } from '../helpers/chat-events.js';
import { expectMatchesContract } from '../helpers/contract.js';
import { auth, TEST_TOKENS, testChatBody } from '../helpers/fixtures.js';
import { useTestApp } from '../helpers/test-app.js';

const app = useTestApp({ RATE_LIMIT_MAX: '100000' });
const admin = auth(TEST_TOKENS.operator);

async function addFixture(fixture: ChatFixtureInput): Promise<number> {
  const response = await app().inject({
    method: 'POST',
    url: '/_admin/chat-fixtures',
    headers: admin,
    payload: fixture,
  });
  expect(response.statusCode).toBe(201);
  return response.json().data.id;
}

const chat = (body: object) =>
  app().inject({
    method: 'POST',
    url: '/v1/agents/chat/request',
    headers: auth(TEST_TOKENS.all),
    payload: body,
  });

const ask = (text: string, extra: object = {}) =>
  chat(testChatBody({ message: { role: 'user', content: [{ type: 'text', text }] }, ...extra }));

const answerOf = (response: Awaited<ReturnType<typeof chat>>) => response.json().data.request[0];

/** A streamed answer's chunks' text, its finish reason, and whether it ended with [DONE]. */
function streamed(body: string) {
  const { chunks, done } = parseChatEvents(body);
  return {
    content: streamedContent(chunks),
    deltas: chunks.filter((chunk) => chunk.request[0].delta.content !== undefined).length,
    finishReason: chunks.at(-1)?.request[0].finish_reason,
    done,
  };
}

beforeEach(async () => {
  await app().inject({ method: 'DELETE', url: '/_admin/chat-fixtures', headers: admin });
  await app().inject({ method: 'DELETE', url: '/_admin/requests', headers: admin });
});

describe('a chat fixture', () => {
  it('answers a matching chat with its content; the journal names it', async () => {
    const id = await addFixture({
      match: { messageContains: 'parcel' },
      answer: { content: 'It left Lyon this morning.' },
    });
    const response = await ask('Where is my parcel?');
    expect(response.statusCode).toBe(200);
    expectMatchesContract('chatRequest', 200, response.json());
    expect(answerOf(response)).toMatchObject({
      finish_reason: 'stop',
      message: { role: 'assistant', content: 'It left Lyon this morning.' },
    });
    const journal = await app().inject({ url: '/_admin/requests', headers: admin });
    const [entry] = journal.json().data.requests as JournalEntry[];
    expect(entry?.chatFixtureId).toBe(id);
  });

  it('leaves other chats to the engine, and steps aside once its times are used', async () => {
    await addFixture({ match: { messageContains: 'parcel' }, answer: { content: 'Scripted.' }, times: 1 });
    const unmatched = answerOf(await ask('What time is it?')).message.content;
    expect(unmatched).not.toBe('Scripted.');
    expect(answerOf(await ask('my parcel?')).message.content).toBe('Scripted.');
    expect(answerOf(await ask('my parcel?')).message.content).not.toBe('Scripted.');
    const listed = await app().inject({ url: '/_admin/chat-fixtures', headers: admin });
    expect(listed.json().data.fixtures[0]).toMatchObject({ times: 1, used: 1 });
  });

  it('matches by pattern, agent name and intent, every field given', async () => {
    await addFixture({
      match: { messageMatches: 'order #\\d+', agentName: 'Billing', intent: 'invoice' },
      answer: { content: 'Your invoice is attached.' },
    });
    const billing = { name: 'Billing', intents: ['invoice'] };
    expect(answerOf(await ask('about order #123', billing)).message.content).toBe(
      'Your invoice is attached.',
    );
    expect(answerOf(await ask('about order #abc', billing)).message.content).not.toBe(
      'Your invoice is attached.',
    );
    expect(answerOf(await ask('about order #123')).message.content).not.toBe('Your invoice is attached.');
  });

  it('streams its answer in pieces like the engine’s, ending with [DONE]', async () => {
    const content = 'Your parcel left the depot this morning and should arrive tomorrow before noon.';
    await addFixture({ match: { messageContains: 'parcel' }, answer: { content } });
    const response = await ask('Where is my parcel?', { stream: true });
    expect(response.headers['content-type']).toMatch(/^text\/event-stream/);
    const answer = streamed(response.body);
    expect(answer).toMatchObject({ content, finishReason: 'stop', done: true });
    expect(answer.deltas).toBeGreaterThan(5);
  });

  it('is cut at max_tokens like any answer', async () => {
    await addFixture({ match: {}, answer: { content: 'one two three four five six seven eight nine ten' } });
    const answer = answerOf(await ask('count', { max_tokens: 3 }));
    expect(answer.finish_reason).toBe('length');
    expect(answer.message.content.length).toBeLessThan('one two three four five six seven'.length);
  });

  it('answers JSON valid against the request’s response_format, and 400 when its json is not', async () => {
    await addFixture({
      match: { messageContains: 'parcel' },
      answer: { json: { status: 'shipped', days: 2 } },
    });
    const schema = {
      type: 'object',
      properties: { status: { type: 'string' }, days: { type: 'integer' } },
      required: ['status', 'days'],
      additionalProperties: false,
    };
    const format = (properties: object) => ({
      response_format: {
        type: 'json_schema',
        json_schema: { name: 'parcel', schema: { ...schema, ...properties } },
      },
    });
    const valid = answerOf(await ask('Where is my parcel?', format({})));
    expect(JSON.parse(valid.message.content)).toEqual({ status: 'shipped', days: 2 });

    const refused = await ask(
      'Where is my parcel?',
      format({ properties: { status: { type: 'string' }, days: { type: 'string' } } }),
    );
    expect(refused.statusCode).toBe(400);
    expectMatchesContract('chatRequest', 400, refused.json());
    expect(refused.json().errors[0].path).toBe('/response_format/json_schema/schema');
  });
});
