/**
 * One whole answer read from the upstream's stream, for a client that asked for a JSON answer (and
 * for every `response_format` answer, which is checked whole before any of it is sent).
 *
 * The adapter asks the upstream for a stream even then, for two reasons. A model server notices a
 * hung-up stream at its next write and stops generating, while several (llama-server among them)
 * generate a non-streamed answer to the end after its client left. And the silence timeout then
 * measures the gaps between tokens, not a whole generation.
 *
 * The text is bounded by what `max_tokens` allows (at most MAX_CHARS_PER_TOKEN characters a token),
 * so an upstream that ignores `max_tokens` cannot grow the server's memory without limit.
 */
import type { ChatCompletion, ChatStreamEvent } from '../types.js';
import { malformedAnswer, type UpstreamContext } from './upstream-errors.js';

/** Far above any real average (about 4 for English); only a runaway upstream reaches it. */
const MAX_CHARS_PER_TOKEN = 64;

export async function wholeAnswer(
  events: AsyncIterable<ChatStreamEvent>,
  maxTokens: number,
  context: UpstreamContext,
): Promise<ChatCompletion> {
  const limit = maxTokens * MAX_CHARS_PER_TOKEN;
  const parts: string[] = [];
  let length = 0;
  for await (const event of events) {
    if (event.type === 'end') {
      return { content: parts.join(''), finishReason: event.finishReason, matchedStop: event.matchedStop };
    }
    length += event.content.length;
    // Leaving the loop releases the upstream call (see readChatStream).
    if (length > limit) throw malformedAnswer(`answer longer than ${limit} characters`, context);
    parts.push(event.content);
  }
  // readChatStream always ends with `end` or throws; a JSON answer is one delta and `end`.
  throw malformedAnswer('answer ended without an end event', context);
}
