/**
 * A streamed chat answer: iterate it for `ChatStreamChunk`s as they arrive, or await `text()` /
 * `final()` for the whole answer. One request, read once: the iterator, `text()` and `final()` all
 * pull from the same stream, so `text()` after pulling a few chunks with `next()` still returns the
 * complete answer. Leaving a `for await` loop early (`break`) ends the iteration and so aborts the
 * request, as in openai-node; `text()`/`final()` then reject with `APIUserAbortError`. Only a stream
 * ending in `data: [DONE]` is complete: a terminal `event: error` throws the typed error of its
 * envelope (`InternalServerError`, `RateLimitError`), a stream cut before [DONE] `APIConnectionError`,
 * both after the chunks already yielded.
 */
import type { ChatRequestItem, ChatResult, ChatStreamChunk } from '@assistant-platform/types';
import { APIConnectionError, APIUserAbortError, AssistantApiError } from './errors.js';
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
  readonly #source: AsyncGenerator<ChatStreamChunk>;
  #head: Pick<ChatResult, 'created' | 'model'> | undefined;
  #iterated = false;
  #completed = false;
  #failure: AssistantApiError | undefined;
  #drained: Promise<void> | undefined;

  constructor(
    /** The HTTP response; its body is the event stream. */
    readonly response: Response,
    private readonly controller: AbortController,
    /** Called once the stream is finished with, to let go of the caller's signal. */
    private readonly release: () => void = () => {},
  ) {
    this.requestId = response.headers.get('x-request-id') ?? undefined;
    this.#source = this.#read();
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
      for await (const data of readEventData(body, this.controller.signal)) {
        const chunk = this.#parse(data);
        this.#accumulate(chunk);
        yield chunk;
      }
      this.#completed = true;
    } catch (error) {
      if (this.controller.signal.aborted) return; // an aborted stream just ends; text()/final() say why
      if (error instanceof ErrorEventReceived) {
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
