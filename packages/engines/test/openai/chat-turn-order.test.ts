/**
 * Whatever history a client sends, the turns the chat adapter builds pass a strict chat template
 * (an optional system turn, then user and assistant alternating from a user turn), the rule the
 * llama-server-like test upstream applies; and the client's words all reach the model.
 */
import type { HistoryMessage } from '@assistant-platform/types';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { buildChatMessages } from '../../src/openai/chat-messages.js';
import { contentText, strictTemplateRefusal } from '../../src/testing/index.js';
import { chatRequest } from './helpers.js';

const turn: fc.Arbitrary<HistoryMessage> = fc.record({
  role: fc.constantFrom('user', 'assistant', 'system', 'tool', 'function'),
  content: fc.array(
    fc.oneof(
      fc.record({ type: fc.constant('text' as const), text: fc.stringMatching(/^[a-z]{1,8}$/) }),
      fc.constant({ type: 'image_url' as const, image_url: { url: 'data:image/png;base64,iVBORw0KGgo=' } }),
    ),
    { maxLength: 3 },
  ),
}) as fc.Arbitrary<HistoryMessage>;

describe('OpenAI chat adapter: turn order for strict chat templates (property-based)', () => {
  test('any memoryChat becomes turns a strict template accepts, ending with the user, words all kept', () => {
    fc.assert(
      fc.property(fc.array(turn, { maxLength: 8 }), fc.stringMatching(/^[a-z]{1,8}$/), (memoryChat, last) => {
        const messages = buildChatMessages(
          chatRequest({ memoryChat, message: { role: 'user', content: [{ type: 'text', text: last }] } }),
        );
        expect(strictTemplateRefusal(messages)).toBeUndefined();
        expect(messages.at(-1)?.role).toBe('user');
        const sent = messages.map((message) => contentText(message.content)).join('\n');
        for (const history of memoryChat)
          for (const block of history.content) if (block.type === 'text') expect(sent).toContain(block.text);
      }),
    );
  });

  test('a history opening with the assistant is told to the model as its own opening, in the system turn', () => {
    const messages = buildChatMessages(
      chatRequest({
        memoryChat: [{ role: 'assistant', content: [{ type: 'text', text: 'Hello! How can I help?' }] }],
      }),
    );
    expect(messages.map((message) => message.role)).toEqual(['system', 'user']);
    expect(messages[0]?.content).toMatch(
      /The conversation began with this message of yours:\nHello! How can I help\?$/,
    );
  });
});
