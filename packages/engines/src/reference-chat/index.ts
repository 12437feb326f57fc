/**
 * The reference chat engine: not a language model, but a deterministic engine whose answers are
 * built from the request (see README.md). `complete` and `stream` share one planned answer, so the
 * streamed deltas always concatenate to the complete answer.
 */
import type {
  ChatEngine,
  ChatEngineRequest,
  ChatEventStream,
  ChatStreamEvent,
  EmbeddingEngine,
  EngineCallOptions,
} from '../types.js';
import { type AnswerShape, type PlannedAnswer, planAnswer } from './answer.js';

export { END_OF_SEQUENCE_TOKEN, END_OF_SEQUENCE_TOKEN_ID, loadTokenizer } from './tokens.js';

export const REFERENCE_CHAT_MODEL = 'svc-v1-blaze-20250318';

/** The planned answer's events: all known at once (`planned`), or given one by one. */
function events(answer: PlannedAnswer, options: EngineCallOptions): ChatEventStream {
  const pieces = 'pieces' in answer ? answer.pieces : [answer.text];
  const planned: ChatStreamEvent[] = pieces.map((content) => ({ type: 'delta', content }));
  planned.push({ type: 'end', finishReason: answer.finishReason, matchedStop: answer.matchedStop });
  return {
    planned,
    async *[Symbol.asyncIterator]() {
      for (const event of planned) {
        // A disconnected client stops the generation between two tokens.
        if (options.signal.aborted) return;
        yield event;
      }
    },
  };
}

/** Plans a whole answer: in this thread, or on an engine worker (see ../pool/engine-pool.ts). */
export type AnswerPlanner = (
  request: ChatEngineRequest,
  options: EngineCallOptions,
  shape: AnswerShape,
) => Promise<PlannedAnswer>;

/**
 * Plans in this thread, routing intents with `embeddings`; the tokenizer is awaited only by answers
 * that need it (see `planAnswer`).
 */
export function planInThisThread(embeddings: EmbeddingEngine): AnswerPlanner {
  return (request, options, shape) => planAnswer(request, embeddings, options, shape);
}

/**
 * The engine over a planner; given `embeddings` instead, it plans in this thread and routes intents
 * with them.
 */
export function createReferenceChatEngine(
  source: { plan: AnswerPlanner } | { embeddings: EmbeddingEngine },
): ChatEngine {
  const plan = 'plan' in source ? source.plan : planInThisThread(source.embeddings);
  return {
    models: [REFERENCE_CHAT_MODEL],
    async complete(request, options) {
      const answer = await plan(request, options, 'whole');
      return {
        content: 'text' in answer ? answer.text : answer.pieces.join(''),
        finishReason: answer.finishReason,
        matchedStop: answer.matchedStop,
      };
    },
    async stream(request, options) {
      return events(await plan(request, options, 'pieces'), options);
    },
  };
}
