/**
 * A streamed chat answer: iterate it for `ChatStreamChunk`s as they arrive, or await `text()` /
 * `final()` for the whole answer. One request, read once: the iterator, `text()` and `final()` all
 * pull from the same stream, so `text()` after pulling a few chunks with `next()` still returns the
 * complete answer. Leaving a `for await` loop early (`break`) ends the iteration and so aborts the
 * request, as in openai-node; `text()`/`final()` then reject with `APIUserAbortError`. Only a stream
 * ending in `data: [DONE]` is complete: a terminal `event: error` throws the typed error of its
 * envelope (`InternalServerError`, `RateLimitError`), a stream cut before [DONE] `APIConnectionError`,
 * both after the chunks already yielded. A stream silent for `idleTimeoutMs` throws
 * StreamIdleTimeoutError.
 *
 * `toReadableStream()` hands the stream on (from a server to a browser, say) as the platform's own
 * Server-Sent Events, `[DONE]` and `event: error` included, and `ChatStream.fromReadableStream()`
 * reads such a body back into a ChatStream with the same guarantees: a cut is still a cut, an error
 * event still the typed error.
 */
import type { ChatRequestItem, ChatResult, ChatStreamChunk } from '@assistant-platform/types';
import {
  APIConnectionError,
  APIUserAbortError,
  AssistantApiError,
  StreamIdleTimeoutError,
} from './errors.js';
import { ErrorEventReceived, readEventData, StreamEndedEarlyError } from './internal/sse-events.js';
import { errorFromStreamEvent } from './internal/stream-error-event.js';

interface Choice {
  content: string;
  finish_reason: ChatRequestItem['finish_reason'] | null;
  matched_stop: number | null;
}

export class ChatStream implements AsyncIterable<ChatStreamChunk> {
  /** The `x-request-id` the server answered with. */
  readonly requestId: string | undefined;
  readonly #choices = new Map<number, Choice>();
  #source: AsyncGenerator<ChatStreamChunk>;
  #head: Pick<ChatResult, 'created' | 'model'> | undefined;
  #iterated = false;
  #completed = false;
  #failure: AssistantApiError | undefined;
  /** The failure came as the platform's `event: error`. */
  #errorEvent = false;
  #drained: Promise<void> | undefined;

  constructor(
    /** The HTTP response; its body is the event stream. */
    readonly response: Response,
    private readonly controller: AbortController,
    /** Called once the stream is finished with, to let go of the caller's signal. */
    private readonly release: () => void = () => {},
    /** Milliseconds without a byte before the stream fails; none when undefined. */
    private readonly idleTimeoutMs?: number,
  ) {
    this.requestId = response.headers.get('x-request-id') ?? undefined;
    this.#source = this.#read();
  }

  /**
   * @internal The stream of `response` once its first event has arrived, or its end or failure
   * (kept for the loop to throw); rejects only when it went silent before any event.
   */
  static async afterFirstEvent(
    response: Response,
    controller: AbortController,
    release: () => void,
    idleTimeoutMs: number,
  ): Promise<ChatStream> {
    const stream = new ChatStream(response, controller, release, idleTimeoutMs);
    const rest = stream.#source;
    let first: IteratorResult<ChatStreamChunk> | { failure: unknown };
    try {
      first = await rest.next();
    } catch (failure) {
      if (failure instanceof StreamIdleTimeoutError) throw failure;
      first = { failure };
    }
    stream.#source = (async function* () {
      if ('failure' in first) throw first.failure;
      if (first.done) return;
      yield first.value;
      yield* rest;
    })();
    return stream;
  }

  /**
   * A stream read from a body that `toReadableStream()` made (e.g. `(await fetch(url)).body` in a
   * browser). `controller`, when given, is what `abort()` aborts (the fetch's, to stop the download).
   */
  static fromReadableStream(
    body: ReadableStream<Uint8Array>,
    controller = new AbortController(),
  ): ChatStream {
    return new ChatStream(new Response(body), controller);
  }

  /**
   * The stream as the platform sent it, for handing on (a server's answer to a browser): Server-Sent
   * Events of the chunks, ending with `data: [DONE]`, or `event: error` with the error envelope when
   * the platform reported one; a cut stream is cut here too. Use it instead of iterating; cancelling
   * it aborts the stream.
   */
  toReadableStream(): ReadableStream<Uint8Array> {
    const encoder = new TextEncoder();
    const source = this[Symbol.asyncIterator]();
    const event = (text: string) => encoder.encode(`${text}\n\n`);
    return new ReadableStream<Uint8Array>({
      pull: async (into) => {
        try {
          const { value, done } = await source.next();
          if (!done) return into.enqueue(event(`data: ${JSON.stringify(value)}`));
          if (this.#completed) into.enqueue(event('data: [DONE]'));
          into.close();
        } catch (failure) {
          // An error event of the platform is passed on as one; anything else (a cut, a silent
          // stream) ends this stream without [DONE], which its reader takes for a cut.
          if (this.#errorEvent) {
            const envelope = { success: false, message: (failure as AssistantApiError).message };
            into.enqueue(event(`event: error\ndata: ${JSON.stringify(envelope)}`));
          }
          into.close();
        }
      },
      cancel: () => this.abort(),
    });
  }

  /** Stops the download; a loop over the stream ends, `text()` and `final()` reject. */
  abort(): void {
    this.controller.abort();
  }

  [Symbol.asyncIterator](): AsyncIterator<ChatStreamChunk> {
    if (this.#iterated) throw new Error('A ChatStream can be iterated once; use text() or final().');
    this.#iterated = true;
    return this.#source;
  }

  /** The whole answer text (of the first choice). */
  async text(): Promise<string> {
    await this.#drain();
    return this.#choices.get(0)?.content ?? '';
  }

  /** The answer in the shape `agents.chat` returns, with `finish_reason` and `matched_stop`. */
  async final(): Promise<ChatResult> {
    await this.#drain();
    const request = [...this.#choices.entries()]
      .sort(([a], [b]) => a - b)
      .map(([, choice]) => this.#item(choice));
    return {
      request,
      created: this.#head?.created ?? 0,
      model: this.#head?.model ?? '',
      object: 'chat.request',
    };
  }

  #item(choice: Choice): ChatRequestItem {
    if (choice.finish_reason === null) throw this.#protocolError('The stream ended without a finish_reason.');
    const message = { role: 'assistant' as const, content: choice.content };
    return { finish_reason: choice.finish_reason, message, matched_stop: choice.matched_stop ?? -1 };
  }

  #drain(): Promise<void> {
    this.#drained ??= (async () => {
      while (!(await this.#source.next()).done) {}
      if (this.#failure) throw this.#failure;
      if (!this.#completed) throw new APIUserAbortError('The stream was closed before it finished.');
    })();
    return this.#drained;
  }

  async *#read(): AsyncGenerator<ChatStreamChunk> {
    const { body } = this.response;
    if (!body) throw this.#protocolError('The response has no body.');
    try {
      for await (const data of readEventData(body, this.controller.signal, this.idleTimeoutMs)) {
        const chunk = this.#parse(data);
        this.#accumulate(chunk);
        yield chunk;
      }
      this.#completed = true;
    } catch (error) {
      if (this.controller.signal.aborted) return; // an aborted stream just ends; text()/final() say why
      if (error instanceof ErrorEventReceived) {
        this.#errorEvent = true;
        this.#failure = errorFromStreamEvent(error.data, this.response.headers);
        throw this.#failure;
      }
      const message = error instanceof StreamEndedEarlyError ? error.message : 'The stream was interrupted.';
      this.#failure = error instanceof AssistantApiError ? error : new APIConnectionError(message, error);
      throw this.#failure;
    } finally {
      this.release();
    }
  }

  #parse(data: string): ChatStreamChunk {
    try {
      return JSON.parse(data) as ChatStreamChunk;
    } catch (cause) {
      throw this.#protocolError(`Could not parse a stream event: ${data.slice(0, 200)}`, cause);
    }
  }

  #accumulate(chunk: ChatStreamChunk): void {
    this.#head ??= { created: chunk.created, model: chunk.model };
    for (const { index, delta, finish_reason, matched_stop } of chunk.request) {
      const choice = this.#choices.get(index) ?? { content: '', finish_reason: null, matched_stop: null };
      choice.content += delta.content ?? '';
      choice.finish_reason = finish_reason ?? choice.finish_reason;
      choice.matched_stop = matched_stop ?? choice.matched_stop;
      this.#choices.set(index, choice);
    }
  }

  #protocolError(message: string, cause?: unknown): AssistantApiError {
    return new AssistantApiError(this.response.status, message, { headers: this.response.headers, cause });
  }
}
