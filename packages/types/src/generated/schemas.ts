// Generated from openapi/openapi.yaml by packages/types/scripts/generate.mjs. Do not edit.
import type { components } from './openapi.js';

type Schemas = components['schemas'];

/**
 * A positive integer id; in a path, written as a canonical decimal (`7`, not `07` or `7.0`).
 */
export type PositiveId = Schemas["PositiveId"];

/**
 * A numeric agent `id` or an `agentReferenceId` (UUID).
 */
export type AgentLookupId = Schemas["AgentLookupId"];

/**
 * ISO 8601 UTC timestamp with milliseconds.
 */
export type Timestamp = Schemas["Timestamp"];

/**
 * One bad field of a request.
 */
export interface ValidationIssue {
  /**
   * Where the problem is: a JSON Pointer into the body (`/message/content/0/text`, `` for the
   * whole body), or `path.<name>` / `header.<name>` for parameters and headers.
   */
  path: Schemas["ValidationIssue"]["path"];
  /**
   * What is wrong, e.g. `is required` (a missing property), `is not allowed` (an unknown
   * property) or `must be <= 2` (a value out of range).
   */
  message: Schemas["ValidationIssue"]["message"];
}

export interface BadRequestError {
  success: Schemas["BadRequestError"]["success"];
  message: Schemas["BadRequestError"]["message"];
  /**
   * Each bad field, in the order found.
   */
  errors: Schemas["BadRequestError"]["errors"];
}

export interface UnauthorizedError {
  success: Schemas["UnauthorizedError"]["success"];
  message: Schemas["UnauthorizedError"]["message"];
}

export interface ForbiddenError {
  success: Schemas["ForbiddenError"]["success"];
  message: Schemas["ForbiddenError"]["message"];
}

export interface NotFoundError {
  success: Schemas["NotFoundError"]["success"];
  message: Schemas["NotFoundError"]["message"];
}

export interface MethodNotAllowedError {
  success: Schemas["MethodNotAllowedError"]["success"];
  message: Schemas["MethodNotAllowedError"]["message"];
}

export interface RateLimitError {
  success: Schemas["RateLimitError"]["success"];
  /**
   * `Rate limit exceeded. Please try again later.` when the token went over its rate limit;
   * `The server is busy with your earlier requests. Please try again later.` when the request
   * was not counted against any limit but the caller's own earlier work still fills what the
   * server holds for it: the token's chat and embeddings in flight (`x-in-flight-limited`),
   * or its account's share of the queues of work the server shares among accounts.
   */
  message: Schemas["RateLimitError"]["message"];
}

export interface ConflictError {
  success: Schemas["ConflictError"]["success"];
  message: Schemas["ConflictError"]["message"];
}

/**
 * 1–255 visible ASCII characters (no spaces), compared exactly as sent (quotes are part of
 * the key). A key over the limit or with other characters answers `400` naming
 * `header.idempotency-key`.
 */
export type IdempotencyKey = Schemas["IdempotencyKey"];

export interface InternalServerError {
  success: Schemas["InternalServerError"]["success"];
  message: Schemas["InternalServerError"]["message"];
}

export interface BadGatewayError {
  success: Schemas["BadGatewayError"]["success"];
  message: Schemas["BadGatewayError"]["message"];
}

export interface ServiceUnavailableError {
  success: Schemas["ServiceUnavailableError"]["success"];
  message: Schemas["ServiceUnavailableError"]["message"];
}

export interface GatewayTimeoutError {
  success: Schemas["GatewayTimeoutError"]["success"];
  message: Schemas["GatewayTimeoutError"]["message"];
}

/**
 * The agent's name, 1–200 characters. Names need not be unique.
 */
export type AgentName = Schemas["AgentName"];

/**
 * What the agent is for, at most 2,000 characters.
 */
export type AgentDescription = Schemas["AgentDescription"];

/**
 * What the agent should do, 1–32,000 characters.
 */
export type AgentInstruction = Schemas["AgentInstruction"];

/**
 * Behaviour hints, at most 50 strings of at most 200 characters.
 */
export type Intents = Schemas["Intents"];

/**
 * A JSON Schema object describing the function's parameters.
 */
export interface FunctionParameters {
  type: Schemas["FunctionParameters"]["type"];
  /**
   * Each parameter's name mapped to its description and type.
   */
  properties: Schemas["FunctionParameters"]["properties"];
  /**
   * Names of the required parameters.
   */
  required?: Schemas["FunctionParameters"]["required"];
  additionalProperties?: Schemas["FunctionParameters"]["additionalProperties"];
}

export interface FunctionTool {
  type: Schemas["FunctionTool"]["type"];
  function: Schemas["FunctionTool"]["function"];
}

export interface SvcTool {
  type: Schemas["SvcTool"]["type"];
  /**
   * A built-in tool. `web_search_tool` is the only one this version defines.
   */
  svc_tool: Schemas["SvcTool"]["svc_tool"];
}

/**
 * A tool the agent may use, discriminated by `type`. Always a JSON object.
 */
export type Tool = FunctionTool | SvcTool;

export type Tools = Tool[];

export interface CreateAgentBody {
  /**
   * The agent's name, 1–200 characters. Names need not be unique.
   */
  name: AgentName;
  /**
   * What the agent is for, at most 2,000 characters.
   * @default ""
   */
  description?: AgentDescription;
  /**
   * What the agent should do, 1–32,000 characters.
   */
  instruction: AgentInstruction;
  /**
   * Behaviour hints, at most 50 strings of at most 200 characters.
   * @default []
   */
  intents?: Intents;
  /**
   * The knowledge base the agent draws on. Stored as `null` when absent.
   */
  knowledgeBaseId?: Schemas["CreateAgentBody"]["knowledgeBaseId"];
  /**
   * At most 64 tools, default `[]`. Also accepted as a JSON-encoded string of the same array
   * (the product text calls the field a JSON string); an unparsable or invalid string is `400`.
   *
   * @default []
   */
  tools?: Schemas["CreateAgentBody"]["tools"];
}

/**
 * `ACTIVE` on a newly created agent; this version defines no other status.
 */
export type AgentStatus = Schemas["AgentStatus"];

/**
 * The first eight fields of an agent record, as returned on creation.
 */
export interface AgentSummary {
  /**
   * A positive integer id; in a path, written as a canonical decimal (`7`, not `07` or `7.0`).
   */
  id: PositiveId;
  /**
   * UUID-shaped identifier, usable wherever the numeric id is.
   */
  agentReferenceId: Schemas["AgentSummary"]["agentReferenceId"];
  /**
   * The agent's name, 1–200 characters. Names need not be unique.
   */
  name: AgentName;
  /**
   * What the agent is for, at most 2,000 characters.
   */
  description: AgentDescription;
  /**
   * What the agent should do, 1–32,000 characters.
   */
  instruction: AgentInstruction;
  /**
   * `ACTIVE` on a newly created agent; this version defines no other status.
   */
  status: AgentStatus;
  /**
   * ISO 8601 UTC timestamp with milliseconds.
   */
  createdAt: Timestamp;
  /**
   * ISO 8601 UTC timestamp with milliseconds.
   */
  updatedAt: Timestamp;
}

/**
 * The full agent record (all eleven fields), as returned by getAgent.
 */
export interface Agent {
  /**
   * A positive integer id; in a path, written as a canonical decimal (`7`, not `07` or `7.0`).
   */
  id: PositiveId;
  /**
   * UUID-shaped identifier, usable wherever the numeric id is.
   */
  agentReferenceId: Schemas["Agent"]["agentReferenceId"];
  /**
   * The agent's name, 1–200 characters. Names need not be unique.
   */
  name: AgentName;
  /**
   * What the agent is for, at most 2,000 characters.
   */
  description: AgentDescription;
  /**
   * What the agent should do, 1–32,000 characters.
   */
  instruction: AgentInstruction;
  /**
   * `ACTIVE` on a newly created agent; this version defines no other status.
   */
  status: AgentStatus;
  /**
   * ISO 8601 UTC timestamp with milliseconds.
   */
  createdAt: Timestamp;
  /**
   * ISO 8601 UTC timestamp with milliseconds.
   */
  updatedAt: Timestamp;
  /**
   * Behaviour hints, at most 50 strings of at most 200 characters.
   */
  intents: Intents;
  /**
   * The knowledge base id, `null` when the agent has none.
   */
  knowledgeBaseId: Schemas["Agent"]["knowledgeBaseId"];
  tools: Tools;
}

export interface TextContent {
  type: Schemas["TextContent"]["type"];
  text: Schemas["TextContent"]["text"];
}

export interface ImageContent {
  type: Schemas["ImageContent"]["type"];
  image_url: Schemas["ImageContent"]["image_url"];
}

/**
 * A block of a message's content, discriminated by `type`. Always a JSON object.
 */
export type ContentBlock = TextContent | ImageContent;

/**
 * The user's message of a chat request.
 */
export interface AgentChatMessage {
  role: Schemas["AgentChatMessage"]["role"];
  content: Schemas["AgentChatMessage"]["content"];
}

/**
 * An earlier message of the conversation.
 */
export interface HistoryMessage {
  role: Schemas["HistoryMessage"]["role"];
  content: Schemas["HistoryMessage"]["content"];
}

/**
 * Earlier messages of the conversation, oldest first, at most 200.
 */
export type MemoryChat = HistoryMessage[];

export type ReasoningEffort = Schemas["ReasoningEffort"];

export interface Reasoning {
  effort: ReasoningEffort;
}

/**
 * Asks for an answer that is a JSON text valid against `json_schema.schema`.
 */
export interface ResponseFormat {
  type: Schemas["ResponseFormat"]["type"];
  json_schema: Schemas["ResponseFormat"]["json_schema"];
}

/**
 * The JSON Schema (draft 2020-12 subset) the answer must be valid against. A schema that cannot
 * be satisfied, or that uses a keyword the model does not support, answers `400` naming the
 * keyword. Its JSON text is at most 65,536 bytes (`x-max-json-bytes`) and subschemas nest at
 * most 16 deep (`x-max-depth`); every subschema is a `ResponseSubschema`, whose keyword values
 * are bounded. A string's `minLength` may be at most 4 × `max_tokens` and an array's `minItems`
 * at most `max_tokens`, counted over nested arrays (an answer needs at least a token per item
 * and holds at most about four characters a token); past that the request answers `400` naming
 * the keyword before anything is generated.
 */
export type ResponseSchema = Schemas["ResponseSchema"];

/**
 * One schema object of a response schema, with bounded keyword values. Keywords not listed here
 * pass the contract; the engine answers `400` for any it does not support.
 */
export type ResponseSubschema = Schemas["ResponseSubschema"];

/**
 * A subschema, or `true`/`false`.
 */
export type ResponseSubschemaOrBoolean = Schemas["ResponseSubschemaOrBoolean"];

/**
 * The `data:` of the terminal `event: error` of a chat stream that failed after it started: the
 * error envelope the request would have answered. No `data: [DONE]` follows it. The `503`
 * envelope ends a stream its server stopped before it could finish (a restart): send the chat
 * again.
 */
export type ChatStreamError = InternalServerError | RateLimitError | ServiceUnavailableError;

/**
 * The chat model: one of `x-known-models` (the default among them) on a server with its
 * offline engine; a deployment with an upstream engine knows the names its configuration
 * maps to the upstream's models instead (the reference server's `CHAT_MODEL_MAP`). A model
 * the server does not know answers `400` naming `/model` and listing the known ones.
 */
export type ChatModel = Schemas["ChatModel"];

export interface ChatRequestBody {
  /**
   * The agent's name, 1–200 characters. Names need not be unique.
   */
  name: AgentName;
  /**
   * What the agent is for, at most 2,000 characters.
   */
  description: AgentDescription;
  /**
   * What the agent should do, 1–32,000 characters.
   */
  instruction: AgentInstruction;
  /**
   * Behaviour hints, at most 50 strings of at most 200 characters.
   */
  intents: Intents;
  /**
   * The chat model: one of `x-known-models` (the default among them) on a server with its
   * offline engine; a deployment with an upstream engine knows the names its configuration
   * maps to the upstream's models instead (the reference server's `CHAT_MODEL_MAP`). A model
   * the server does not know answers `400` naming `/model` and listing the known ones.
   *
   * @default "svc-v1-blaze-20250318"
   */
  model?: ChatModel;
  /**
   * The user's message of a chat request.
   */
  message: AgentChatMessage;
  /**
   * @default 0.1
   */
  temperature?: Schemas["ChatRequestBody"]["temperature"];
  /**
   * @default 0.95
   */
  top_p?: Schemas["ChatRequestBody"]["top_p"];
  /**
   * The most tokens the answer may have; an answer cut here ends with `finish_reason` `length`.
   * @default 4096
   */
  max_tokens?: Schemas["ChatRequestBody"]["max_tokens"];
  /**
   * @default 0.3
   */
  frequency_penalty?: Schemas["ChatRequestBody"]["frequency_penalty"];
  /**
   * @default 0.3
   */
  presence_penalty?: Schemas["ChatRequestBody"]["presence_penalty"];
  /**
   * @default 2024
   */
  seed?: Schemas["ChatRequestBody"]["seed"];
  /**
   * With `true` the answer is sent as a `text/event-stream` of `ChatStreamChunk` events.
   * @default false
   */
  stream?: Schemas["ChatRequestBody"]["stream"];
  /**
   * Ids of agents in the caller's account the main agent may hand off to. An unknown id
   * answers `404`, an agent of another account `403`.
   */
  agents?: Schemas["ChatRequestBody"]["agents"];
  /**
   * Earlier messages of the conversation; also accepted as a JSON-encoded string of the array.
   */
  memoryChat?: Schemas["ChatRequestBody"]["memoryChat"];
  /**
   * Reasoning settings; also accepted as a JSON-encoded string of the object. `effort` is one
   * of `minimal`, `low`, `medium`, `high`.
   */
  reasoning?: Schemas["ChatRequestBody"]["reasoning"];
  /**
   * Asks for an answer that is a JSON text valid against `json_schema.schema`.
   */
  response_format?: ResponseFormat;
}

/**
 * `stop` when the answer ended by itself, `length` when it was cut by `max_tokens`.
 */
export type FinishReason = Schemas["FinishReason"];

/**
 * The id of the stop token that ended the answer; `-1` when no stop token matched (as with
 * `finish_reason` `length`). For the default model `svc-v1-blaze-20250318` the end-of-sequence
 * token is `199999`.
 */
export type MatchedStop = Schemas["MatchedStop"];

export interface ChatRequestItem {
  /**
   * `stop` when the answer ended by itself, `length` when it was cut by `max_tokens`.
   */
  finish_reason: FinishReason;
  message: Schemas["ChatRequestItem"]["message"];
  /**
   * The id of the stop token that ended the answer; `-1` when no stop token matched (as with
   * `finish_reason` `length`). For the default model `svc-v1-blaze-20250318` the end-of-sequence
   * token is `199999`.
   */
  matched_stop: MatchedStop;
}

/**
 * Unix time in seconds when the answer was made; an integer from this server, typed to accept both.
 */
export type Created = Schemas["Created"];

export interface ChatResult {
  request: Schemas["ChatResult"]["request"];
  /**
   * Unix time in seconds when the answer was made; an integer from this server, typed to accept both.
   */
  created: Created;
  /**
   * The model that answered.
   */
  model: Schemas["ChatResult"]["model"];
  object: Schemas["ChatResult"]["object"];
}

export interface ChatStreamDelta {
  role?: Schemas["ChatStreamDelta"]["role"];
  content?: Schemas["ChatStreamDelta"]["content"];
}

export interface ChatStreamChoice {
  index: Schemas["ChatStreamChoice"]["index"];
  delta: ChatStreamDelta;
  /**
   * `null` until the last chunk, which carries `stop` or `length`.
   */
  finish_reason: Schemas["ChatStreamChoice"]["finish_reason"];
  /**
   * `null` until the last chunk, which carries the matched stop token id or `-1`.
   */
  matched_stop: Schemas["ChatStreamChoice"]["matched_stop"];
}

/**
 * One `data:` event of a streamed chat answer. Concatenating every `delta.content` gives the same
 * text as the non-streamed answer. The stream ends with the event `data: [DONE]`.
 */
export interface ChatStreamChunk {
  object: Schemas["ChatStreamChunk"]["object"];
  /**
   * Unix time in seconds when the answer was made; an integer from this server, typed to accept both.
   */
  created: Created;
  model: Schemas["ChatStreamChunk"]["model"];
  request: Schemas["ChatStreamChunk"]["request"];
}

export interface TranscriptContent {
  /**
   * The file name (lowercase `filename` inside this object).
   */
  filename: Schemas["TranscriptContent"]["filename"];
  /**
   * The transcript text, at most 2,000,000 characters.
   */
  transcript: Schemas["TranscriptContent"]["transcript"];
}

export interface UpdateTranscriptionBody {
  transcript: TranscriptContent;
}

/**
 * `COMPLETED` once transcribed. Editing a transcript does not change the status.
 */
export type TranscriptionStatus = Schemas["TranscriptionStatus"];

export interface Transcription {
  /**
   * A positive integer id; in a path, written as a canonical decimal (`7`, not `07` or `7.0`).
   */
  id: PositiveId;
  fileName: Schemas["Transcription"]["fileName"];
  /**
   * URL of the stored file.
   */
  fileUrl: Schemas["Transcription"]["fileUrl"];
  /**
   * Media type of the file, e.g. `audio/mpeg`.
   */
  fileType: Schemas["Transcription"]["fileType"];
  /**
   * Length of the recording in seconds.
   */
  duration: Schemas["Transcription"]["duration"];
  transcript: TranscriptContent;
  /**
   * `COMPLETED` once transcribed. Editing a transcript does not change the status.
   */
  status: TranscriptionStatus;
  /**
   * ISO 8601 UTC timestamp with milliseconds.
   */
  createdAt: Timestamp;
  /**
   * ISO 8601 UTC timestamp with milliseconds.
   */
  updatedAt: Timestamp;
}

export type EmbeddingsModel = Schemas["EmbeddingsModel"];

export interface EmbeddingsBody {
  /**
   * @default "svc-embeddings-v1-20241001"
   */
  model?: EmbeddingsModel;
  /**
   * 1–256 non-empty texts of at most 8,192 characters each.
   */
  sentences: Schemas["EmbeddingsBody"]["sentences"];
  /**
   * `multi` (any language, the default) or an ISO 639-1 code hinting the language.
   * @default "multi"
   */
  lang?: Schemas["EmbeddingsBody"]["lang"];
}

export interface EmbeddingsResult {
  /**
   * One L2-normalised vector per sentence, in input order.
   */
  embeddings: Schemas["EmbeddingsResult"]["embeddings"];
}

export interface CreateAgentResponse {
  success: Schemas["CreateAgentResponse"]["success"];
  message: Schemas["CreateAgentResponse"]["message"];
  /**
   * The first eight fields of an agent record, as returned on creation.
   */
  data: AgentSummary;
}

export interface GetAgentResponse {
  success: Schemas["GetAgentResponse"]["success"];
  message: Schemas["GetAgentResponse"]["message"];
  /**
   * The full agent record (all eleven fields), as returned by getAgent.
   */
  data: Agent;
}

export interface ChatResponse {
  success: Schemas["ChatResponse"]["success"];
  message: Schemas["ChatResponse"]["message"];
  data: ChatResult;
}

export interface UpdateTranscriptionResponse {
  success: Schemas["UpdateTranscriptionResponse"]["success"];
  message: Schemas["UpdateTranscriptionResponse"]["message"];
  data: Transcription;
}

export interface EmbeddingsResponse {
  success: Schemas["EmbeddingsResponse"]["success"];
  message: Schemas["EmbeddingsResponse"]["message"];
  data: EmbeddingsResult;
}
