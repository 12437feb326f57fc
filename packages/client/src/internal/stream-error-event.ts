/**
 * The terminal `event: error` of a chat stream as the typed error of the status the request would
 * have answered. The headers already said 200, so the envelope (the contract's ChatStreamError: the
 * 500, the 429 — rate limit or busy —, or the 503 of a server that stopped before the stream could
 * finish) is all that tells them apart; its message is one of the contract's texts.
 */
import { ERROR_MESSAGES, RATE_LIMIT_MESSAGES } from '@assistant-platform/types';
import type { AssistantApiError } from '../errors.js';
import { errorFromResponse } from './error-from-response.js';

const STATUS_OF_STREAM_ERROR = new Map<unknown, number>([
  ...RATE_LIMIT_MESSAGES.map((message): [unknown, number] => [message, 429]),
  [ERROR_MESSAGES[503], 503],
]);

export function errorFromStreamEvent(data: string, headers: Headers): AssistantApiError {
  let envelope: unknown;
  try {
    envelope = JSON.parse(data);
  } catch {
    envelope = undefined; // still a failed stream: a 500 with the generic message
  }
  const message = (envelope as { message?: unknown } | undefined)?.message;
  return errorFromResponse(STATUS_OF_STREAM_ERROR.get(message) ?? 500, envelope, headers);
}
