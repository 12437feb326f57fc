/**
 * The terminal `event: error` of a chat stream as the typed error of the status the request would
 * have answered. The headers already said 200, so the envelope (the contract's ChatStreamError:
 * the 500 or the 429 one) is all that tells the two apart: its message is one of the contract's texts.
 */
import { RATE_LIMIT_MESSAGES } from '@assistant-platform/types';
import type { AssistantApiError } from '../errors.js';
import { errorFromResponse } from './error-from-response.js';

export function errorFromStreamEvent(data: string, headers: Headers): AssistantApiError {
  let envelope: unknown;
  try {
    envelope = JSON.parse(data);
  } catch {
    envelope = undefined; // still a failed stream: a 500 with the generic message
  }
  const message = (envelope as { message?: unknown } | undefined)?.message;
  const rateLimited = (RATE_LIMIT_MESSAGES as readonly unknown[]).includes(message);
  return errorFromResponse(rateLimited ? 429 : 500, envelope, headers);
}
