/**
 * The terminal `event: error` of a chat stream as the typed error of the status the request would
 * have answered. The headers already said 200, so the envelope (the contract's ChatStreamError:
 * the 500 or the 429 one) is all that tells the two apart; its message is fixed by the contract.
 */
import type { RateLimitError as RateLimitEnvelope } from '@assistant-platform/types';
import type { AssistantApiError } from '../errors.js';
import { errorFromResponse } from './error-from-response.js';

const RATE_LIMITED: RateLimitEnvelope['message'] = 'Rate limit exceeded. Please try again later.';

export function errorFromStreamEvent(data: string, headers: Headers): AssistantApiError {
  let envelope: unknown;
  try {
    envelope = JSON.parse(data);
  } catch {
    envelope = undefined; // still a failed stream: a 500 with the generic message
  }
  const message = (envelope as { message?: unknown } | undefined)?.message;
  return errorFromResponse(message === RATE_LIMITED ? 429 : 500, envelope, headers);
}
