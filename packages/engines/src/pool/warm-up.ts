/**
 * A worker thread's warm-up: one structured chat and one embedding run through the engine as the
 * thread starts, before the pool is told it is ready, and their answers thrown away.
 *
 * Why: V8 compiles a function when it first runs and optimises it from what it saw, so a fresh
 * thread's first task runs cold, at many times the CPU of the same task on a warm thread. A thread
 * replacing one that went over budget is often given another account's task first (the account that
 * cost the thread waits for the replacement, pool-threads.ts, while the others take whichever
 * thread is free), so that cold run would be one account's cost paid by another. Warmed here, it is
 * part of the start-up the costly account already waits for.
 */

import type { planAnswer } from '../reference-chat/answer.js';
import type { ChatEngineRequest, EmbeddingEngine, EngineCallOptions } from '../types.js';

/** A chat as the engine receives it: the values are any the contract allows; the answer is discarded. */
export const WARM_CHAT: ChatEngineRequest = {
  model: 'warm-up',
  name: 'Warm-up',
  description: 'Warms a worker thread.',
  instruction: 'Answer briefly.',
  intents: ['delivery status', 'refund'],
  message: { role: 'user', content: [{ type: 'text', text: 'Where is my parcel?' }] },
  memoryChat: [],
  handoffAgents: [],
  temperature: 1,
  top_p: 1,
  max_tokens: 256,
  frequency_penalty: 0,
  presence_penalty: 0,
  seed: 1,
  response_format: {
    type: 'json_schema',
    json_schema: {
      name: 'warm_up',
      schema: {
        type: 'object',
        properties: { summary: { type: 'string', pattern: '^[A-Za-z ]+$' }, count: { type: 'integer' } },
        required: ['summary', 'count'],
      },
    },
  },
};

export async function warmUp(plan: typeof planAnswer, embeddings: EmbeddingEngine): Promise<void> {
  const options: EngineCallOptions = { signal: new AbortController().signal, requestId: 'warm-up' };
  try {
    await plan(WARM_CHAT, embeddings, options, 'whole');
    await plan(WARM_CHAT, embeddings, options, 'pieces');
    await embeddings.embed({ model: 'warm-up', lang: 'multi', sentences: ['Where is my parcel?'] }, options);
  } catch {
    // Only speed is at stake: a thread whose warm-up failed still serves, and its real tasks
    // report their own errors.
  }
}
