/**
 * A whole upstream answer for a request with `response_format`: it is checked against the schema,
 * and a model that missed it gets one more try. A second miss is our failure (500), never an answer
 * passed off as valid JSON. An answer cut by `max_tokens` (`length`) is passed through unchecked:
 * the client is told it was cut, and a cut JSON text could not be valid anyway.
 */
import { type ChatCompletion, EngineError } from '../types.js';
import type { AnswerCheck } from './response-format.js';
import type { UpstreamContext } from './upstream-errors.js';

const ATTEMPTS = 2;

export async function checkedCompletion(
  ask: () => Promise<{ completion: ChatCompletion; context: UpstreamContext }>,
  check: AnswerCheck,
): Promise<ChatCompletion> {
  for (let attempt = 1; ; attempt++) {
    const { completion, context } = await ask();
    if (completion.finishReason === 'length') return completion;
    const problem = check(completion.content);
    if (problem === undefined) return completion;
    const log = { requestId: context.requestId, upstream: context.url, attempt, problem };
    if (attempt < ATTEMPTS) {
      context.logger.warn(log, `${context.kind} upstream answer did not match response_format; retrying`);
      continue;
    }
    context.logger.error(
      { ...log, answerLength: completion.content.length },
      `${context.kind} upstream answer did not match response_format`,
    );
    throw new EngineError(500, "The model server's answer did not match response_format", {
      cause: new Error(problem),
    });
  }
}
