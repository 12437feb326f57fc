/** The chat request and answer chunks the SDK's stream tests share (one fixture per thing). */
import type { ChatInput, ChatStreamChunk } from '../../src/index.js';

export const chatBody: ChatInput = {
  name: 'Support',
  description: '',
  instruction: 'Answer politely.',
  intents: [],
  message: { role: 'user', content: [{ type: 'text', text: 'Hi' }] },
};

/** The end of an answer: how a last chunk finishes. */
export const STOPPED = { finish_reason: 'stop', matched_stop: 199999 } as const;

/** One streamed chunk: `content` as its delta (none when undefined), `end` on the last one. */
export function chunk(
  content: string | undefined,
  end?: { finish_reason: 'stop' | 'length'; matched_stop: number },
): ChatStreamChunk {
  return {
    object: 'chat.request.chunk',
    created: 1742292000,
    model: 'svc-v1-blaze-20250318',
    request: [
      {
        index: 0,
        delta: content === undefined ? {} : { content },
        finish_reason: end?.finish_reason ?? null,
        matched_stop: end?.matched_stop ?? null,
      },
    ],
  };
}
