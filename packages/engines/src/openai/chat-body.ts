/**
 * The body of `POST /chat/completions` for one of our chat requests. It always asks for a stream,
 * whatever our client asked for (see whole-answer.ts).
 */
import type { ChatEngineRequest } from '../types.js';
import { buildChatMessages, type OpenAIChatMessage } from './chat-messages.js';

export interface OpenAIChatBody {
  model: string;
  messages: OpenAIChatMessage[];
  temperature: number;
  top_p: number;
  frequency_penalty: number;
  presence_penalty: number;
  seed: number;
  /** `max_tokens` rather than `max_completion_tokens`: it is the one every local server reads. */
  max_tokens: number;
  stream: true;
  reasoning_effort?: string;
  response_format?: {
    type: 'json_schema';
    json_schema: { name: string; strict: boolean; schema: Record<string, unknown> };
  };
}

export function buildChatBody(request: ChatEngineRequest, upstreamModel: string): OpenAIChatBody {
  const body: OpenAIChatBody = {
    model: upstreamModel,
    messages: buildChatMessages(request),
    temperature: request.temperature,
    top_p: request.top_p,
    frequency_penalty: request.frequency_penalty,
    presence_penalty: request.presence_penalty,
    seed: request.seed,
    max_tokens: request.max_tokens,
    stream: true,
  };
  // Optional fields are left out when unset: some servers reject unknown or null parameters.
  if (request.reasoning) body.reasoning_effort = request.reasoning.effort;
  if (request.response_format) {
    const { name, strict, schema } = request.response_format.json_schema;
    body.response_format = { type: 'json_schema', json_schema: { name, strict: strict ?? false, schema } };
  }
  return body;
}
