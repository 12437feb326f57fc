/**
 * An upstream SSE answer (`data: {chunk}` … `data: [DONE]`) as our stream events. The SSE framing
 * is parsed by eventsource-parser; each event's JSON by `readChunk`.
 *
 * An error the upstream reports before any answer text (an `error` event, an `{"error":…}` object,
 * or older llama.cpp's bare `error: {…}` line) is judged like an HTTP error body, so a context
 * overflow reported that way is still the client's 400. Once answer text came, any failure is the
 * upstream's (500): the answer was cut.
 */
import { ParseError } from 'eventsource-parser';
import { EventSourceParserStream } from 'eventsource-parser/stream';
import type { ChatStreamEvent } from '../types.js';
import { type ChatEnding, readChunk } from './chat-answer.js';
import { malformedAnswer, reportedFailure, transportFailure } from './upstream-errors.js';
import type { UpstreamExchange } from './upstream-request.js';

/**
 * Yields the deltas, then exactly one `end`. Leaving the loop early (the client went away) or any
 * failure releases the watchdog, which aborts the upstream request and closes its connection.
 */
export async function* readChatStream(exchange: UpstreamExchange): AsyncGenerator<ChatStreamEvent> {
  const { response, watchdog, context } = exchange;
  if (!response.body) {
    watchdog.release();
    throw malformedAnswer('stream response without a body', context);
  }
  const reader = response.body
    .pipeThrough(new TextDecoderStream())
    // A line that is not SSE means the upstream is not speaking the protocol: stop, do not guess.
    .pipeThrough(new EventSourceParserStream({ onError: 'terminate' }))
    .getReader();
  let ending: ChatEnding | undefined;
  let done = false;
  let answered = false;
  const failed = (data: string) =>
    answered
      ? malformedAnswer(`upstream error event: ${data.slice(0, 500)}`, context)
      : reportedFailure(data, context);
  try {
    while (!done) {
      const next = await reader.read().catch((error: unknown) => {
        if (error instanceof ParseError && error.field === 'error') throw failed(error.value ?? '');
        throw transportFailure(error, watchdog, context);
      });
      if (next.done) break;
      // Only events count as progress (not SSE comments), so keep-alives alone cannot hang us.
      watchdog.touch();
      // A named `error` event is a failure whatever its data looks like.
      if (next.value.event === 'error') throw failed(next.value.data);
      if (next.value.data === '[DONE]') {
        done = true;
        continue;
      }
      const chunk = readChunk(next.value.data, context);
      if (chunk.error !== undefined) throw failed(chunk.error);
      if (chunk.content !== '') {
        answered = true;
        yield { type: 'delta', content: chunk.content };
      }
      if (chunk.ending) ending = chunk.ending;
    }
    // `[DONE]` or a finish_reason proves the answer is whole; a body that just stops does not.
    if (!done && !ending) throw malformedAnswer('stream ended without finish_reason or [DONE]', context);
    yield { type: 'end', ...(ending ?? { finishReason: 'stop', matchedStop: -1 }) };
  } finally {
    watchdog.release();
    reader.cancel().catch(() => {});
  }
}
