/**
 * The scripted scenario the parity check runs on both sides, in order: every operation of the
 * contract (an agent created, then read by both of its ids; chat plain, streamed and structured;
 * a transcript edited; embeddings), then errors both must answer alike (an unknown agent, a bad
 * body, no token). Each side reads back the ids its own create answered. Requests carry every
 * declared default, as the SDK sends them, so a service that wants them all gets them.
 */
import { randomUUID } from 'node:crypto';
import type { RawClient } from '@assistant-platform/client';
import {
  type ChatRequestBody,
  type CreateAgentBody,
  DECLARED_DEFAULTS,
  type EmbeddingsBody,
  type OperationId,
} from '@assistant-platform/types';
import type { FetchResult } from './answer.js';
import type { Inspection } from './compare-answers.js';

/** What one side's earlier steps answered, for the later ones. */
export interface SideContext {
  agentId?: number;
  agentReferenceId?: string;
}

/** openapi-fetch's options of every call: the body read by the parity check, no retry, a time limit. */
export interface CallInit {
  parseAs: 'stream';
  maxRetries: 0;
  timeoutMs: number;
  signal: AbortSignal;
}

/** A workspace and a transcription in it that the transcription edit may overwrite, on both sides. */
export interface TranscriptionIds {
  workspaceId: number;
  transcriptionId: number;
}

export interface Step extends Inspection {
  name: string;
  title: string;
  operation: OperationId;
  request: string;
  /** Why the step cannot run at all in this run. */
  unavailable?: string;
  /** Sends the request; a string says why it cannot be sent on this side. */
  send(api: RawClient, context: SideContext, init: CallInit): Promise<FetchResult> | string;
  /** Keeps what later steps need from this side's answer body. */
  remember?(body: unknown, context: SideContext): void;
}

const AGENT = {
  name: 'Parity check',
  description: 'Created by the parity check of assistant-server.',
  instruction: 'Answer in one short sentence.',
  intents: ['delivery status'],
} as const;

const CREATE_BODY: CreateAgentBody = {
  ...AGENT,
  intents: [...AGENT.intents],
  tools: [{ type: 'svc_tool', svc_tool: 'web_search_tool' }],
};

const chatBody = (extra: Partial<ChatRequestBody>): ChatRequestBody => ({
  ...DECLARED_DEFAULTS.ChatRequestBody,
  ...AGENT,
  intents: [...AGENT.intents],
  message: { role: 'user', content: [{ type: 'text', text: 'Where is my parcel?' }] },
  // Short answers: the hosted service's tokens cost money, and length is not what is compared.
  max_tokens: 128,
  ...extra,
});

const STRUCTURED = chatBody({
  max_tokens: 256,
  response_format: {
    type: 'json_schema',
    json_schema: {
      name: 'triage',
      strict: true,
      schema: {
        type: 'object',
        properties: {
          summary: { type: 'string' },
          sentiment: { type: 'string', enum: ['positive', 'neutral', 'negative'] },
        },
        required: ['summary', 'sentiment'],
        additionalProperties: false,
      },
    },
  },
});

const EMBEDDINGS_BODY: EmbeddingsBody = {
  ...DECLARED_DEFAULTS.EmbeddingsBody,
  sentences: ['Where is my parcel?', 'Wo ist mein Paket?'],
};

const noAgent = 'create-agent gave no data.id';
const noReference = 'create-agent gave no data.agentReferenceId';

export function scenario(transcription: TranscriptionIds | undefined): Step[] {
  const view = '/agents/view/{id}';
  const chat = '/agents/chat/request';
  return [
    {
      name: 'create-agent',
      title: 'Create an agent',
      operation: 'createAgent',
      request: 'POST /agents/create',
      send: (api, _, init) => api.POST('/agents/create', { ...init, body: CREATE_BODY }),
      remember(body, context) {
        const data = (body as { data?: { id?: unknown; agentReferenceId?: unknown } } | undefined)?.data;
        if (typeof data?.id === 'number') context.agentId = data.id;
        if (typeof data?.agentReferenceId === 'string') context.agentReferenceId = data.agentReferenceId;
      },
    },
    {
      name: 'get-agent-by-id',
      title: 'Read the agent by its numeric id',
      operation: 'getAgent',
      request: `GET ${view}`,
      send: (api, { agentId }, init) =>
        agentId === undefined
          ? noAgent
          : api.GET(view, { ...init, params: { path: { id: String(agentId) } } }),
    },
    {
      name: 'get-agent-by-reference',
      title: 'Read the agent by its agentReferenceId',
      operation: 'getAgent',
      request: `GET ${view}`,
      send: (api, { agentReferenceId }, init) =>
        agentReferenceId === undefined
          ? noReference
          : api.GET(view, { ...init, params: { path: { id: agentReferenceId } } }),
    },
    {
      name: 'chat-plain',
      title: 'Chat, the whole answer at once',
      operation: 'chatRequest',
      request: `POST ${chat}`,
      send: (api, _, init) => api.POST(chat, { ...init, body: chatBody({ stream: false }) }),
    },
    {
      name: 'chat-stream',
      title: 'Chat, streamed',
      operation: 'chatRequest',
      request: `POST ${chat} (stream)`,
      send: (api, _, init) =>
        api.POST(chat, {
          ...init,
          headers: { accept: 'text/event-stream' },
          body: chatBody({ stream: true }),
        }),
    },
    {
      name: 'chat-structured',
      title: 'Chat with a JSON schema for the answer',
      operation: 'chatRequest',
      request: `POST ${chat} (json_schema)`,
      jsonTexts: '/data/request/*/message/content',
      send: (api, _, init) => api.POST(chat, { ...init, body: STRUCTURED }),
    },
    {
      name: 'transcription-edit',
      title: 'Replace a transcript',
      operation: 'updateTranscription',
      request: 'PATCH /transcribe/workspace/{id}/transcriptions/{transcriptionId}',
      ...(transcription ? {} : { unavailable: 'no workspace given (--workspace-id and --transcription-id)' }),
      send: (api, _, init) =>
        api.PATCH('/transcribe/workspace/{id}/transcriptions/{transcriptionId}', {
          ...init,
          params: {
            path: {
              id: transcription?.workspaceId ?? 0,
              transcriptionId: transcription?.transcriptionId ?? 0,
            },
          },
          body: {
            transcript: {
              filename: 'parity-check.txt',
              transcript: 'Written by the parity check of assistant-server.',
            },
          },
        }),
    },
    {
      name: 'embeddings',
      title: 'Embeddings of two sentences',
      operation: 'createEmbeddings',
      request: 'POST /vectors/embedding',
      vectors: '/data/embeddings',
      send: (api, _, init) => api.POST('/vectors/embedding', { ...init, body: EMBEDDINGS_BODY }),
    },
    {
      name: 'error-unknown-agent',
      title: 'Read an agent that does not exist (404)',
      operation: 'getAgent',
      request: `GET ${view}`,
      send: (api, _, init) => api.GET(view, { ...init, params: { path: { id: randomUUID() } } }),
    },
    {
      name: 'error-bad-body',
      title: 'Create an agent from a bad body (400 with errors)',
      operation: 'createAgent',
      request: 'POST /agents/create',
      // Invalid on purpose: no name, an unknown field.
      send: (api, _, init) =>
        api.POST('/agents/create', {
          ...init,
          body: { instruction: 'x', colour: 'blue' } as unknown as CreateAgentBody,
        }),
    },
    {
      name: 'error-missing-token',
      title: 'Read an agent without a token (401)',
      operation: 'getAgent',
      request: `GET ${view}`,
      // `null` removes the client's Authorization header for this call.
      send: (api, _, init) =>
        api.GET(view, { ...init, headers: { authorization: null }, params: { path: { id: '1' } } }),
    },
  ];
}
