import { Readable } from 'node:stream';
import type { ChatStreamChunk } from '@assistant-platform/types';
import type { FastifyBaseLogger } from 'fastify';
import type { ChatStreamEvent } from '../engines/types.js';

/**
 * The engine's events as Server-Sent Events: one `data: {ChatStreamChunk}` per delta (the first
 * also carries `role`), a last chunk with `finish_reason` and `matched_stop`, then `data: [DONE]`.
 * When the client leaves, Fastify destroys this stream, which ends the generator and so the engine's
 * iterator; the engine's abort signal fires as well.
 */
export function toEventStream(
  events: AsyncIterable<ChatStreamEvent>,
  meta: { created: number; model: string },
  log: FastifyBaseLogger,
  signal: AbortSignal,
): Readable {
  const chunk = (choice: ChatStreamChunk['request'][number]): string => {
    const body: ChatStreamChunk = {
      object: 'chat.request.chunk',
      created: meta.created,
      model: meta.model,
      request: [choice],
    };
    return `data: ${JSON.stringify(body)}\n\n`;
  };
  async function* sse(): AsyncGenerator<string> {
    let first = true;
    try {
      for await (const event of events) {
        if (event.type === 'delta') {
          const delta = first
            ? { role: 'assistant' as const, content: event.content }
            : { content: event.content };
          first = false;
          yield chunk({ index: 0, delta, finish_reason: null, matched_stop: null });
        } else {
          yield chunk({
            index: 0,
            delta: {},
            finish_reason: event.finishReason,
            matched_stop: event.matchedStop,
          });
          yield 'data: [DONE]\n\n';
          return;
        }
      }
    } catch (error) {
      // Headers are gone: the status cannot change, so the stream just ends without [DONE].
      if (signal.aborted) log.info('chat stream ended: the client went away');
      else log.error({ err: error }, 'chat stream failed');
    }
  }
  return Readable.from(sse(), { objectMode: false });
}
