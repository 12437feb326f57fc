/**
 * One account's chat never changes another's answer. The reference engine's tokenizer decodes
 * through one UTF-8 decoder shared by its thread: a chat whose `max_tokens` cut its answer inside
 * a character split across tokens left that character's bytes in the decoder, and the next answer
 * the thread decoded (another account's) came out with a replacement character in it. Two accounts
 * of the dev seed over real HTTP; the chats are small, so both are answered on the event loop.
 */
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseChatEvents, streamedContent } from '../helpers/chat-events.js';
import { testChatBody } from '../helpers/fixtures.js';
import { serverModule } from '../helpers/server-module.js';
import { testDatabaseUrl } from '../helpers/test-store.js';

const DEV_SEED = fileURLToPath(new URL('../../../../seed/dev.json', import.meta.url));
const ACCOUNT_ONE = 'dev-token';
const ACCOUNT_TWO = 'globex-token';

let app: FastifyInstance;
let origin: string;

beforeAll(async () => {
  const config = serverModule.loadConfig({ DATABASE_URL: await testDatabaseUrl(), LOG_LEVEL: 'silent' });
  app = await serverModule.build(config, { seed: DEV_SEED });
  origin = await app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => app.close());

/** A chat whose answer quotes `text` (the reference engine does at the low effort). */
const chatAbout = (text: string, extra: object = {}) =>
  testChatBody({
    message: { role: 'user', content: [{ type: 'text', text }] },
    reasoning: { effort: 'low' },
    ...extra,
  });

async function chat(token: string, body: object): Promise<string> {
  const response = await fetch(`${origin}/v1/agents/chat/request`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(200);
  const text = await response.text();
  if (!(body as { stream?: boolean }).stream) return JSON.parse(text).data.request[0].message.content;
  const { chunks, done } = parseChatEvents(text);
  expect(done).toBe(true);
  return streamedContent(chunks);
}

describe("one account's cut answer and another account's next one", () => {
  it('leaves the other account’s answers, whole and streamed, as they were', async () => {
    const theirs = chatAbout('ありがとう 🎉 merci à vous');
    const whole = await chat(ACCOUNT_TWO, theirs);
    const streamed = await chat(ACCOUNT_TWO, { ...theirs, stream: true });
    expect(streamed).toBe(whole);
    expect(whole).toContain('ありがとう 🎉');
    // Account 1's answers quote Chinese and emoji, whose characters span several tokens: some of
    // these cuts fall inside one.
    for (let max = 8; max <= 30; max++) {
      for (const stream of [false, true]) {
        await chat(
          ACCOUNT_ONE,
          chatAbout('包裹在哪里？🎉🎉 Où est mon colis ?', { max_tokens: max, stream }),
        );
        expect(await chat(ACCOUNT_TWO, theirs)).toBe(whole);
        expect(await chat(ACCOUNT_TWO, { ...theirs, stream: true })).toBe(whole);
      }
    }
  });
});
