/**
 * A streamed chat's answer put back together from its recorded events, as its client would read
 * it: every `delta.content` in order (the contract's `ChatStreamChunk`: concatenated, they are the
 * non-streamed answer's text), the last chunk's `finish_reason`, and how the stream ended, which
 * decides whether the text is an answer at all. Only `data: [DONE]` ends a complete answer; a
 * terminal `event: error` is a failure whose text is cut (its message is shown); a stream with
 * neither was cut (a dropped connection, a `disconnect-after` fault), and one whose events the
 * journal stopped keeping cannot say. Events that are not chat chunks (another operation's stream,
 * a proxied target's malformed JSON) are counted, never thrown on.
 */
import type { ChatStreamChunk } from '@assistant-platform/types';
import type { StreamEvent } from '@assistant-platform/types/admin';

export type StreamEnd =
  | { kind: 'done' }
  | { kind: 'error'; message: string }
  | { kind: 'cut' }
  /** The journal kept only the first events: how it ended is not known. */
  | { kind: 'unknown' };

export interface StreamAnswer {
  text: string;
  finishReason: string | null;
  /** For each event, the text it added (null for one that added none). */
  pieces: (string | null)[];
  /** Events whose data is not a chat chunk. */
  unreadable: number;
  end: StreamEnd;
}

function chunkOf(data: string): ChatStreamChunk | undefined {
  try {
    const value = JSON.parse(data) as Partial<ChatStreamChunk> | null;
    return value && Array.isArray(value.request) ? (value as ChatStreamChunk) : undefined;
  } catch {
    return undefined;
  }
}

function errorMessage(data: string): string {
  try {
    const value = JSON.parse(data) as { message?: unknown } | null;
    if (typeof value?.message === 'string') return value.message;
  } catch {
    // Shown as it was sent.
  }
  return data;
}

export function streamAnswer(events: StreamEvent[], truncated: boolean): StreamAnswer {
  let text = '';
  let finishReason: string | null = null;
  let unreadable = 0;
  let end: StreamEnd = { kind: truncated ? 'unknown' : 'cut' };
  const pieces = events.map((event): string | null => {
    if (event.event === 'error') {
      end = { kind: 'error', message: errorMessage(event.data) };
      return null;
    }
    if (event.data === '[DONE]') {
      end = { kind: 'done' };
      return null;
    }
    const chunk = chunkOf(event.data);
    if (!chunk) {
      unreadable++;
      return null;
    }
    let added = '';
    for (const choice of chunk.request) {
      if (choice.index !== 0) continue;
      added += choice.delta.content ?? '';
      if (choice.finish_reason) finishReason = choice.finish_reason;
    }
    text += added;
    return added === '' ? null : added;
  });
  return { text, finishReason, pieces, unreadable, end };
}

/** How the answer's end is said beside it. */
export function endText(end: StreamEnd): string {
  switch (end.kind) {
    case 'done':
      return 'Complete: the stream ended with [DONE].';
    case 'error':
      return `Failed: the stream ended with an error event (${end.message}); the text above is cut.`;
    case 'cut':
      return 'Cut: the stream ended without [DONE] or an error event; the text above is not a complete answer.';
    case 'unknown':
      return 'The journal kept only the first events: the text above is their part of the answer.';
  }
}
