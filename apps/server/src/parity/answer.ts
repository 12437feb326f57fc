/**
 * One side's answer to one request, as it came: the status, the headers, and the body as JSON, as
 * text when it is not JSON, or for a `text/event-stream` as its events and how the stream ended.
 * Calls go through the SDK's openapi-fetch client with `parseAs: 'stream'`, so a success body is
 * read here, bounded and without any reading of the SDK's own (which would hide a cut stream or a
 * body that is not JSON); openapi-fetch reads an error body itself (JSON, or the text when it is
 * not JSON).
 */
import { mediaTypeOf } from '@assistant-platform/types/validation';
import { createParser, type EventSourceMessage } from 'eventsource-parser';

export interface StreamEvent {
  /** The event's name (`error` for a failed stream's terminal event), undefined for a plain `data:` event. */
  event: string | undefined;
  data: string;
}

/** `done`: `data: [DONE]` came; `error-event`: the stream ended with `event: error`; `cut`: neither. */
export type StreamEnd = 'done' | 'error-event' | 'cut';

export type AnswerBody =
  | { kind: 'empty' }
  | { kind: 'json'; value: unknown }
  | { kind: 'text'; text: string }
  | { kind: 'events'; events: StreamEvent[]; end: StreamEnd };

export interface Answer {
  status: number;
  headers: Headers;
  /** The media type of `content-type`, lower-cased, without parameters; `''` when there is none. */
  mediaType: string;
  body: AnswerBody;
}

/** What an openapi-fetch call resolves to, whatever its path. */
export interface FetchResult {
  data?: unknown;
  error?: unknown;
  response: Response;
}

/** More than any answer of the scenario needs; a larger body is read no further (and is incomplete). */
const MAX_BODY_BYTES = 16 * 1024 * 1024;

/**
 * The body as text, and whether all of it arrived: a connection that broke, the caller's time
 * limit, or the size limit end the reading early.
 */
async function readText(body: ReadableStream<Uint8Array>): Promise<{ text: string; complete: boolean }> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let bytes = 0;
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return { text: text + decoder.decode(), complete: true };
      bytes += value.byteLength;
      if (bytes > MAX_BODY_BYTES) return { text, complete: false };
      text += decoder.decode(value, { stream: true });
    }
  } catch {
    return { text, complete: false };
  } finally {
    reader.cancel().catch(() => {});
  }
}

/** A stream's events up to its end: `data: [DONE]`, a terminal `event: error`, or the last one sent. */
function streamOf(text: string): AnswerBody {
  const parsed: EventSourceMessage[] = [];
  const parser = createParser({ onEvent: (message) => parsed.push(message) });
  parser.feed(text);
  // A last event without its blank line still counts, as the SDK reads it.
  parser.reset({ consume: true });
  const events: StreamEvent[] = [];
  for (const { event, data } of parsed) {
    if (data === '[DONE]' && event === undefined) return { kind: 'events', events, end: 'done' };
    events.push({ event, data });
    if (event === 'error') return { kind: 'events', events, end: 'error-event' };
  }
  return { kind: 'events', events, end: 'cut' };
}

function jsonOrText(text: string): AnswerBody {
  if (text === '') return { kind: 'empty' };
  try {
    return { kind: 'json', value: JSON.parse(text) };
  } catch {
    return { kind: 'text', text };
  }
}

/** Reads the answer of an openapi-fetch call made with `parseAs: 'stream'`. */
export async function readAnswer(pending: Promise<FetchResult>): Promise<Answer> {
  const { data, error, response } = await pending;
  const mediaType = mediaTypeOf(response.headers.get('content-type') ?? undefined);
  const answer = { status: response.status, headers: response.headers, mediaType };
  if (data instanceof ReadableStream) {
    const { text, complete } = await readText(data);
    if (mediaType === 'text/event-stream') return { ...answer, body: streamOf(text) };
    // An incomplete JSON text is not JSON: it is compared and checked as the text it is.
    return { ...answer, body: complete ? jsonOrText(text) : { kind: 'text', text } };
  }
  if (error === undefined || error === '') return { ...answer, body: { kind: 'empty' } };
  return {
    ...answer,
    body: typeof error === 'string' ? { kind: 'text', text: error } : { kind: 'json', value: error },
  };
}
