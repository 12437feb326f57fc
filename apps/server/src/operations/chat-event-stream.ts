import { Readable } from 'node:stream';
import { setImmediate as nextTurn, setTimeout as sleep } from 'node:timers/promises';
import { type ChatStreamEvent, EngineError } from '@assistant-platform/engines/types';
import type { ChatStreamChunk } from '@assistant-platform/types';
import { errorEnvelope } from '@assistant-platform/types';
import type { Fault } from '@assistant-platform/types/admin';
import type { FastifyBaseLogger } from 'fastify';

/**
 * The engine's events as Server-Sent Events: one `data: {ChatStreamChunk}` per delta (the first
 * also carries `role`), a last chunk with `finish_reason` and `matched_stop`, then `data: [DONE]`.
 * An engine failure after the headers went out ends the stream with one `event: error` carrying the
 * envelope the request would have answered, and no [DONE], so no client mistakes it for an answer.
 * When the client leaves, Fastify destroys this stream, which ends the generator and so the engine's
 * iterator; the engine's abort signal fires as well.
 */
export function toEventStream(
  events: AsyncIterable<ChatStreamEvent>,
  meta: { created: number; model: string },
  log: FastifyBaseLogger,
  signal: AbortSignal,
  timing: StreamTiming = {},
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
      // Nobody is left to read an error event when the client went away.
      if (signal.aborted) {
        log.info('chat stream ended: the client went away');
        return;
      }
      log.error({ err: error }, 'chat stream failed');
      yield streamErrorEvent(error);
    }
  }
  const paced = timing.ttftMs || timing.tps || timing.disconnectAfter !== undefined;
  return Readable.from(paced ? timed(sse(), timing, signal) : sse(), { objectMode: false });
}

/** A fault's timing of a stream (see the admin contract), and how to cut its connection. */
export type StreamTiming = Pick<Fault, 'ttftMs' | 'tps' | 'disconnectAfter'> & {
  /** Closes the connection; the answer ends without its terminal event. */
  cut?: () => void;
};

/**
 * `events` with the first after `ttftMs`, then `tps` a second, cut after `disconnectAfter` (the proxy
 * paces a forwarded stream with it too).
 */
export async function* timed(
  events: AsyncGenerator<string>,
  { ttftMs, tps, disconnectAfter, cut }: StreamTiming,
  signal: AbortSignal,
): AsyncGenerator<string> {
  let sent = 0;
  for await (const event of events) {
    if (sent === disconnectAfter) {
      // Let the events already given reach the socket, then close it under the stream.
      await nextTurn();
      await nextTurn();
      cut?.();
      return;
    }
    const wait = sent === 0 ? ttftMs : tps ? 1000 / tps : undefined;
    if (wait) await sleep(wait, undefined, { signal }).catch(() => undefined);
    if (signal.aborted) return;
    yield event;
    sent++;
  }
}

/**
 * The terminal `event: error` (the contract's ChatStreamError): the headers already said 200, so the
 * status the request would have answered travels as its envelope. Only the envelope's fixed text is
 * sent; the engine's own message stays in the log.
 */
export function streamErrorEvent(error: unknown): string {
  const status = error instanceof EngineError && error.status === 429 ? 429 : 500;
  return `event: error\ndata: ${JSON.stringify(errorEnvelope(status))}\n\n`;
}
