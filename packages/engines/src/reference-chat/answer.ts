/**
 * Builds the whole answer for a request before any of it is sent, so a schema the engine cannot
 * satisfy is a 400 with the normal envelope even for a streamed request.
 */
import type { ChatEngineRequest, EmbeddingEngine, EngineCallOptions } from '../types.js';
import { readConversation } from './conversation.js';
import { rngForRequest } from './prng.js';
import { proseAnswer } from './prose-answer.js';
import { route } from './routing.js';
import { assertSupportedSchema, structuredAnswer } from './structured/structured-answer.js';
import { END_OF_SEQUENCE_TOKEN_ID, splitAnswer } from './tokens.js';

export interface PlannedAnswer {
  /** The answer's text, one piece per token (cut at `max_tokens`). */
  pieces: string[];
  finishReason: 'stop' | 'length';
  matchedStop: number;
}

export async function planAnswer(
  request: ChatEngineRequest,
  embeddings: EmbeddingEngine,
  options: EngineCallOptions,
): Promise<PlannedAnswer> {
  const schema = request.response_format
    ? assertSupportedSchema(request.response_format.json_schema.schema)
    : undefined;
  const conversation = readConversation(request);
  const routing = await route(embeddings, conversation.text, request.intents, request.handoffAgents, options);
  options.signal.throwIfAborted();
  const rng = rngForRequest(request, JSON.stringify([request.model, conversation.text, request.name]));
  let text: string;
  let shaped = false;
  if (schema) {
    const source = { conversation, routing, agentName: request.name };
    ({ text, shaped } = structuredAnswer(schema, source, rng.fork('structured'), request.max_tokens));
  } else {
    text = proseAnswer({ request, conversation, routing, rng: rng.fork('prose') });
  }
  const { pieces, cut } = splitAnswer(text, request.max_tokens);
  const length = cut || shaped;
  return {
    pieces,
    finishReason: length ? 'length' : 'stop',
    matchedStop: length ? -1 : END_OF_SEQUENCE_TOKEN_ID,
  };
}
