/** `client.agents`: create and read custom agents, and chat (whole answer or streamed). */
import type {
  Agent,
  AgentSummary,
  ChatRequestBody,
  ChatResult,
  CreateAgentBody,
} from '@assistant-platform/types';
import { DECLARED_DEFAULTS } from '@assistant-platform/types';
import { ChatStream } from '../chat-stream.js';
import { APIUserAbortError, StreamIdleTimeoutError } from '../errors.js';
import { type ApiMethod, answerError, apiMethod } from '../internal/api-method.js';
import { retryDelayMs, sleep } from '../internal/backoff.js';
import {
  checkCount,
  type Logger,
  type RawClient,
  type RequestOptions,
} from '../internal/request-pipeline.js';

/** A chat request: the contract's body; omitted optional fields get the contract's defaults. */
export type ChatInput = Omit<ChatRequestBody, 'stream'>;

/**
 * `chatStream`'s options. A streamed chat takes no `Idempotency-Key` (the platform stores no streamed
 * answer); it is safe to retry because a chat changes nothing.
 */
export interface StreamOptions extends Omit<RequestOptions, 'idempotencyKey'> {
  /**
   * Milliseconds the stream may go without receiving anything before it fails with
   * `StreamIdleTimeoutError`; before the first event it is retried (within `maxRetries`). Default:
   * the client's `idleTimeoutMs` (60000).
   */
  idleTimeoutMs?: number;
}

export interface AgentsResource {
  /** Creates an agent in your account (scope `agents:write`); returns its first eight fields. */
  create: ApiMethod<[body: CreateAgentBody, options?: RequestOptions], AgentSummary>;
  /** Reads one agent by numeric `id` or `agentReferenceId` (scope `agents:read`). */
  get: ApiMethod<[idOrReferenceId: number | string, options?: RequestOptions], Agent>;
  /** Sends a chat request and waits for the whole answer (scope `agents:chat`). */
  chat: ApiMethod<[body: ChatInput, options?: RequestOptions], ChatResult>;
  /**
   * Sends a chat request and streams the answer as it is written (scope `agents:chat`). Resolves
   * once the first event has arrived (or the stream ended or failed, which iterating it throws).
   */
  chatStream(body: ChatInput, options?: StreamOptions): Promise<ChatStream>;
}

/** What the resource takes from the client's options. */
export interface AgentsSettings {
  maxRetries: number;
  idleTimeoutMs: number;
  logger: Logger | undefined;
}

/** Every declared default, then the caller's fields: the server always receives a complete request. */
function completeChatBody(body: ChatInput, stream: boolean): ChatRequestBody {
  return { ...DECLARED_DEFAULTS.ChatRequestBody, ...body, stream };
}

const NO_KEY = { idempotencyKey: false } as const;

export function agentsResource(client: RawClient, settings: AgentsSettings): AgentsResource {
  return {
    create: apiMethod((extra, body, options) =>
      client.POST('/agents/create', { ...options, ...extra, body }),
    ),
    get: apiMethod((extra, idOrReferenceId, options) =>
      client.GET('/agents/view/{id}', {
        ...options,
        ...extra,
        params: { path: { id: String(idOrReferenceId) } },
      }),
    ),
    // A chat changes nothing: sent twice, it answers twice; retried with or without a key.
    chat: apiMethod((extra, body, options) =>
      client.POST('/agents/chat/request', {
        ...options,
        ...extra,
        repeatable: true,
        body: completeChatBody(body, false),
      }),
    ),
    async chatStream(body, options = {}) {
      const { idleTimeoutMs = settings.idleTimeoutMs, signal: callerSignal, ...rest } = options;
      const maxRetries = rest.maxRetries ?? settings.maxRetries;
      checkCount('idleTimeoutMs', idleTimeoutMs, 1);
      // The stream's own controller backs abort(); the caller's signal feeds into it.
      const controller = new AbortController();
      const forward = () => controller.abort(callerSignal?.reason);
      const listen = () => callerSignal?.addEventListener('abort', forward, { once: true });
      listen();
      if (callerSignal?.aborted) forward();
      const release = () => callerSignal?.removeEventListener('abort', forward);
      try {
        for (let retry = 0; ; retry++) {
          const answer = await client.POST('/agents/chat/request', {
            ...rest,
            ...NO_KEY,
            repeatable: true,
            maxRetries: maxRetries - retry,
            signal: controller.signal,
            headers: { accept: 'text/event-stream', ...rest.headers },
            body: completeChatBody(body, true),
            parseAs: 'stream',
          });
          if (!answer.response.ok) throw answerError(answer);
          try {
            return await ChatStream.afterFirstEvent(answer.response, controller, release, idleTimeoutMs);
          } catch (failure) {
            // Silent before its first event: nothing was received, so sending it again loses nothing.
            if (!(failure instanceof StreamIdleTimeoutError) || retry >= maxRetries) throw failure;
            listen();
            const delayMs = retryDelayMs(retry, undefined);
            settings.logger?.warn('Retrying request', {
              method: 'POST',
              url: answer.response.url,
              attempt: retry + 1,
              reason: failure.message,
              delayMs,
            });
            await sleep(delayMs, controller.signal).catch(() => {
              throw new APIUserAbortError();
            });
          }
        }
      } catch (failure) {
        release();
        throw failure;
      }
    },
  };
}
