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
import { type ApiMethod, answerError, apiMethod } from '../internal/api-method.js';
import type { RawClient, RequestOptions } from '../internal/request-pipeline.js';

/** A chat request: the contract's body; omitted optional fields get the contract's defaults. */
export type ChatInput = Omit<ChatRequestBody, 'stream'>;

export interface AgentsResource {
  /** Creates an agent in your account (scope `agents:write`); returns its first eight fields. */
  create: ApiMethod<[body: CreateAgentBody, options?: RequestOptions], AgentSummary>;
  /** Reads one agent by numeric `id` or `agentReferenceId` (scope `agents:read`). */
  get: ApiMethod<[idOrReferenceId: number | string, options?: RequestOptions], Agent>;
  /** Sends a chat request and waits for the whole answer (scope `agents:chat`). */
  chat: ApiMethod<[body: ChatInput, options?: RequestOptions], ChatResult>;
  /** Sends a chat request and streams the answer as it is written (scope `agents:chat`). */
  chatStream(body: ChatInput, options?: RequestOptions): Promise<ChatStream>;
}

/** Every declared default, then the caller's fields: the server always receives a complete request. */
function completeChatBody(body: ChatInput, stream: boolean): ChatRequestBody {
  return { ...DECLARED_DEFAULTS.ChatRequestBody, ...body, stream };
}

export function agentsResource(client: RawClient): AgentsResource {
  return {
    create: apiMethod((body, options) => client.POST('/agents/create', { ...options, body })),
    get: apiMethod((idOrReferenceId, options) =>
      client.GET('/agents/view/{id}', { ...options, params: { path: { id: String(idOrReferenceId) } } }),
    ),
    chat: apiMethod((body, options) =>
      client.POST('/agents/chat/request', { ...options, body: completeChatBody(body, false) }),
    ),
    async chatStream(body, options) {
      // The stream's own controller backs abort(); the caller's signal feeds into it.
      const controller = new AbortController();
      const callerSignal = options?.signal;
      const forward = () => controller.abort(callerSignal?.reason);
      callerSignal?.addEventListener('abort', forward, { once: true });
      if (callerSignal?.aborted) forward();
      const release = () => callerSignal?.removeEventListener('abort', forward);
      try {
        const answer = await client.POST('/agents/chat/request', {
          ...options,
          signal: controller.signal,
          headers: { accept: 'text/event-stream', ...options?.headers },
          body: completeChatBody(body, true),
          parseAs: 'stream',
        });
        if (!answer.response.ok) throw answerError(answer);
        return new ChatStream(answer.response, controller, release);
      } catch (failure) {
        release();
        throw failure;
      }
    },
  };
}
