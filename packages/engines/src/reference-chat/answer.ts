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
import {
  END_OF_SEQUENCE_TOKEN_ID,
  fitsUncounted,
  loadTokenizer,
  splitAnswer,
  wholeAnswer,
} from './tokens.js';

/**
 * How an answer is planned: `whole`, its text at once (an answer sent in one body), or `pieces`, one
 * piece per token (a stream's deltas). A whole answer skips splitting its text into tokens' pieces,
 * and crosses from an engine thread as one string instead of one per token.
 */
export type AnswerShape = 'whole' | 'pieces';

interface AnswerEnd {
  finishReason: 'stop' | 'length';
  matchedStop: number;
}

/** The answer, cut at `max_tokens`: its text whole, or one piece per token. */
export type PlannedAnswer = AnswerEnd & ({ text: string } | { pieces: string[] });

export async function planAnswer(
  request: ChatEngineRequest,
  embeddings: EmbeddingEngine,
  options: EngineCallOptions,
  shape: AnswerShape,
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
    await loadTokenizer();
    const source = { conversation, routing, agentName: request.name };
    ({ text, shaped } = structuredAnswer(schema, source, rng.fork('structured'), request.max_tokens));
  } else {
    text = proseAnswer({ request, conversation, routing, rng: rng.fork('prose') });
  }
  const end = (cut: boolean): AnswerEnd =>
    cut || shaped
      ? { finishReason: 'length', matchedStop: -1 }
      : { finishReason: 'stop', matchedStop: END_OF_SEQUENCE_TOKEN_ID };
  // An answer sent whole that surely fits needs no tokenizer: it is answered while that still loads.
  if (shape === 'whole' && fitsUncounted(text, request.max_tokens)) return { text, ...end(false) };
  await loadTokenizer();
  if (shape === 'whole') {
    const whole = wholeAnswer(text, request.max_tokens);
    return { text: whole.text, ...end(whole.cut) };
  }
  const { pieces, cut } = splitAnswer(text, request.max_tokens);
  return { pieces, ...end(cut) };
}
