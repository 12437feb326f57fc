/**
 * @assistant-platform/client: the typed SDK of the Assistant Platform API.
 * Everything public is exported here; `src/internal/` is not part of the API.
 */

export type {
  Agent,
  AgentSummary,
  ChatRequestBody,
  ChatResult,
  ChatStreamChunk,
  CreateAgentBody,
  EmbeddingsResult,
  TranscriptContent,
  Transcription,
} from '@assistant-platform/types';
export type { Middleware } from 'openapi-fetch';
export { bufferedResponse } from './buffered-response.js';
export { ChatStream } from './chat-stream.js';
export { type AssistantClient, type ClientOptions, createAssistantClient } from './client.js';
export {
  APIConnectionError,
  APITimeoutError,
  APIUserAbortError,
  AssistantApiError,
  AuthenticationError,
  BadRequestError,
  ConflictError,
  InternalServerError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  ServiceUnavailableError,
  StreamIdleTimeoutError,
  type ValidationIssue,
} from './errors.js';
export type { ApiMethod, WithResponse } from './internal/api-method.js';
export {
  DeprecationError,
  type DeprecationMode,
  type DeprecationNotice,
} from './internal/deprecation-notices.js';
export type { FetchLike, Logger, RawClient, RequestOptions } from './internal/request-pipeline.js';
export type { AgentsResource, ChatInput, StreamOptions } from './resources/agents.js';
export type { EmbeddingsOptions, EmbeddingsResource } from './resources/embeddings.js';
export type { TranscriptionsResource } from './resources/transcriptions.js';
