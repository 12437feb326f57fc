/** `client.agents`: create and read custom agents, and chat (whole answer or streamed). */
import type {
  Agent,
  AgentSummary,
  ChatRequestBody,
  ChatResult,
  CreateAgentBody,
} from '@assistant-platform/types';
import { ChatStream } from '../chat-stream.js';
import { chatDefaults } from '../generated/chat-defaults.js';
import {
  type ApiMethod,
  apiError,
  apiMethod,
  type CallContext,
  plan,
  type RequestOptions,
  readBody,
  send,
} from '../internal/call.js';

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
  return { ...chatDefaults, ...body, stream };
}

export function agentsResource(context: CallContext): AgentsResource {
  return {
    create: apiMethod((body, options) =>
      send(context, options, { method: 'POST', path: '/agents/create', body }),
    ),
    get: apiMethod((idOrReferenceId, options) =>
      send(context, options, {
        method: 'GET',
        path: '/agents/view/{id}',
        params: { id: String(idOrReferenceId) },
      }),
    ),
    chat: apiMethod((body, options) =>
      send(context, options, {
        method: 'POST',
        path: '/agents/chat/request',
        body: completeChatBody(body, false),
      }),
    ),
    async chatStream(body, options) {
      const request = plan(context, {
        method: 'POST',
        path: '/agents/chat/request',
        body: completeChatBody(body, true),
      });
      // The stream's own controller backs abort(); the caller's signal feeds into it.
      const controller = new AbortController();
      const prepared = context.prepare({
        ...options,
        signal: controller.signal,
        headers: { accept: 'text/event-stream', ...options?.headers },
      });
      const callerSignal = options?.signal;
      const forward = () => controller.abort(callerSignal?.reason);
      callerSignal?.addEventListener('abort', forward, { once: true });
      if (callerSignal?.aborted) forward();
      const release = () => {
        callerSignal?.removeEventListener('abort', forward);
        prepared.release();
      };
      try {
        const response = await prepared.fetch(request);
        if (!response.ok) throw apiError(response, await readBody(response));
        return new ChatStream(response, controller, release);
      } catch (failure) {
        release();
        throw prepared.bodyError(failure);
      }
    },
  };
}
