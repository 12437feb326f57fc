// PLACEHOLDER until the reference chat engine lands: echoes the user's text.
import type { ChatEngine, EmbeddingEngine } from '../types.js';

export const REFERENCE_CHAT_MODEL = 'svc-v1-blaze-20250318';

export function createReferenceChatEngine(_deps: { embeddings: EmbeddingEngine }): ChatEngine {
  const answer = (text: string) => ({ content: text, finishReason: 'stop' as const, matchedStop: 0 });
  const textOf = (req: Parameters<ChatEngine['complete']>[0]) =>
    req.message.content.map((block) => (block.type === 'text' ? block.text : '')).join(' ');
  return {
    models: [REFERENCE_CHAT_MODEL],
    async complete(request) {
      return answer(textOf(request));
    },
    async stream(request) {
      const { content, finishReason, matchedStop } = answer(textOf(request));
      return (async function* () {
        yield { type: 'delta' as const, content };
        yield { type: 'end' as const, finishReason, matchedStop };
      })();
    },
  };
}
