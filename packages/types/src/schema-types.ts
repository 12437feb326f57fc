/**
 * The friendly names of the generated types (`paths`, `components` and `operations` are what
 * openapi-typescript writes and what openapi-fetch consumes).
 */
import type { components, operations, paths } from './generated/openapi.js';

export type { components, operations, paths };

type Schemas = components['schemas'];

// Agents
export type Agent = Schemas['Agent'];
export type AgentSummary = Schemas['AgentSummary'];
export type AgentStatus = Schemas['AgentStatus'];
export type CreateAgentBody = Schemas['CreateAgentBody'];
export type Tool = Schemas['Tool'];
export type FunctionTool = Schemas['FunctionTool'];
export type SvcTool = Schemas['SvcTool'];
export type FunctionParameters = Schemas['FunctionParameters'];

// Chat
export type ChatRequestBody = Schemas['ChatRequestBody'];
export type ChatResult = Schemas['ChatResult'];
export type ChatRequestItem = Schemas['ChatRequestItem'];
export type ChatStreamChunk = Schemas['ChatStreamChunk'];
export type ChatStreamError = Schemas['ChatStreamError'];
export type ChatStreamChoice = Schemas['ChatStreamChoice'];
export type ChatModel = Schemas['ChatModel'];
export type FinishReason = Schemas['FinishReason'];
export type AgentChatMessage = Schemas['AgentChatMessage'];
export type HistoryMessage = Schemas['HistoryMessage'];
export type ContentBlock = Schemas['ContentBlock'];
export type TextContent = Schemas['TextContent'];
export type ImageContent = Schemas['ImageContent'];
export type Reasoning = Schemas['Reasoning'];
export type ReasoningEffort = Schemas['ReasoningEffort'];
export type ResponseFormat = Schemas['ResponseFormat'];
export type ResponseSchema = Schemas['ResponseSchema'];

// Transcriptions
export type Transcription = Schemas['Transcription'];
export type TranscriptionStatus = Schemas['TranscriptionStatus'];
export type TranscriptContent = Schemas['TranscriptContent'];
export type UpdateTranscriptionBody = Schemas['UpdateTranscriptionBody'];

// Embeddings
export type EmbeddingsBody = Schemas['EmbeddingsBody'];
export type EmbeddingsModel = Schemas['EmbeddingsModel'];
export type EmbeddingsResult = Schemas['EmbeddingsResult'];

// Envelopes
export type CreateAgentResponse = Schemas['CreateAgentResponse'];
export type GetAgentResponse = Schemas['GetAgentResponse'];
export type ChatResponse = Schemas['ChatResponse'];
export type UpdateTranscriptionResponse = Schemas['UpdateTranscriptionResponse'];
export type EmbeddingsResponse = Schemas['EmbeddingsResponse'];
export type ValidationIssue = Schemas['ValidationIssue'];
export type BadRequestError = Schemas['BadRequestError'];
export type UnauthorizedError = Schemas['UnauthorizedError'];
export type ForbiddenError = Schemas['ForbiddenError'];
export type NotFoundError = Schemas['NotFoundError'];
export type ConflictError = Schemas['ConflictError'];
export type RateLimitError = Schemas['RateLimitError'];
export type InternalServerError = Schemas['InternalServerError'];
/** Any error envelope the API answers with. */
export type ErrorEnvelope =
  | BadRequestError
  | UnauthorizedError
  | ForbiddenError
  | NotFoundError
  | ConflictError
  | RateLimitError
  | InternalServerError;
/** The fixed `message` of each error status. */
export type ErrorMessage = ErrorEnvelope['message'];

/** The operation ids of the contract. */
export type OperationId = keyof operations;
