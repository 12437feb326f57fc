/**
 * How much text a task makes an offline engine read: what decides whether it runs on the event loop
 * or on a worker. Small work (a typical chat or a few sentences to embed) costs less in this thread
 * than a worker's round trip (copying the request and the answer across threads, on a loop that is
 * then busier than before); anything larger, and every response schema (its cost does not follow
 * its size), goes to a worker, under its budget.
 */
import type { ContentBlock } from '@assistant-platform/types';
import type { ChatEngineRequest, EmbeddingRequest } from '../types.js';

/** At most this many characters of text are worked on in this thread (well under a millisecond). */
export const INLINE_TEXT_CHARS = 4096;

function blocksSize(blocks: readonly ContentBlock[]): number {
  let size = 0;
  for (const block of blocks) size += block.type === 'text' ? block.text.length : block.image_url.url.length;
  return size;
}

export function chatTextSize(request: ChatEngineRequest): number {
  let size = request.name.length + request.description.length + request.instruction.length;
  for (const intent of request.intents) size += intent.length;
  size += blocksSize(request.message.content);
  for (const turn of request.memoryChat) size += blocksSize(turn.content);
  for (const agent of request.handoffAgents) {
    size += agent.name.length + agent.description.length;
    for (const intent of agent.intents) size += intent.length;
  }
  return size;
}

export function embeddingTextSize(request: EmbeddingRequest): number {
  let size = 0;
  for (const sentence of request.sentences) size += sentence.length;
  return size;
}

/** Whether a chat is small enough for this thread: no response schema, little text. */
export function isSmallChat(request: ChatEngineRequest): boolean {
  return request.response_format === undefined && chatTextSize(request) <= INLINE_TEXT_CHARS;
}

export function isSmallEmbedding(request: EmbeddingRequest): boolean {
  return embeddingTextSize(request) <= INLINE_TEXT_CHARS;
}
