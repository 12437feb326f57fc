/**
 * Turns a non-2xx answer into the matching typed error. The body is the envelope the server sent
 * (`{ success: false, message, errors? }`); anything else (a proxy's HTML page, an empty body) still
 * yields an error of the right class with a generic message.
 */
import { retryAfterMs, type ValidationIssue } from '@assistant-platform/types';
import {
  AssistantApiError,
  AuthenticationError,
  BadRequestError,
  ConflictError,
  InternalServerError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  ServiceUnavailableError,
} from '../errors.js';

function envelopeOf(body: unknown): { message?: string; errors?: ValidationIssue[] } {
  if (typeof body !== 'object' || body === null) return {};
  const { message, errors } = body as { message?: unknown; errors?: unknown };
  return {
    ...(typeof message === 'string' ? { message } : {}),
    ...(Array.isArray(errors) ? { errors: errors as ValidationIssue[] } : {}),
  };
}

export function errorFromResponse(status: number, body: unknown, headers: Headers): AssistantApiError {
  const envelope = envelopeOf(body);
  const message = envelope.message ?? `${status} status code${body ? '' : ' (no body)'}`;
  const init = { headers, ...(envelope.errors ? { errors: envelope.errors } : {}) };
  switch (status) {
    case 400:
      return new BadRequestError(status, message, init);
    case 401:
      return new AuthenticationError(status, message, init);
    case 403:
      return new PermissionDeniedError(status, message, init);
    case 404:
      return new NotFoundError(status, message, init);
    case 409:
      return new ConflictError(status, message, init);
    case 429:
      return new RateLimitError(status, message, {
        ...init,
        retryAfterMs: retryAfterMs(headers.get('retry-after')),
      });
    case 503:
      return new ServiceUnavailableError(status, message, {
        ...init,
        retryAfterMs: retryAfterMs(headers.get('retry-after')),
      });
    default:
      return status >= 500
        ? new InternalServerError(status, message, init)
        : new AssistantApiError(status, message, init);
  }
}
