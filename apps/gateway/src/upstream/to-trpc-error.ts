/**
 * Turns whatever a platform call threw into the TRPCError the caller sees. The status decides the
 * code; the details a caller can act on (the bad fields of a 400, the wait of a 429) travel in an
 * UpstreamFailure `cause` that the error formatter copies into `data`. A 503 (the platform cannot
 * serve it now, after the SDK's retries) is SERVICE_UNAVAILABLE with its wait; any other 5xx or a
 * failed connection becomes a bare INTERNAL_SERVER_ERROR: its details are logged, never sent.
 */
import {
  APIConnectionError,
  APIUserAbortError,
  AssistantApiError,
  RateLimitError,
  ServiceUnavailableError,
} from '@assistant-platform/client';
import { ERROR_MESSAGES, type ValidationIssue } from '@assistant-platform/types';
import { TRPCError } from '@trpc/server';
import type { TRPC_ERROR_CODE_KEY } from '@trpc/server/rpc';

/** What the gateway keeps from a failed platform call. */
export class UpstreamFailure extends Error {
  override name = 'UpstreamFailure';
  constructor(
    message: string,
    readonly status: number | undefined,
    readonly errors: ValidationIssue[],
    readonly retryAfterMs: number | undefined,
    /** The platform's request id, for the log (the caller already has the gateway's). */
    readonly upstreamRequestId: string | undefined,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

const CODE_BY_STATUS: Record<number, TRPC_ERROR_CODE_KEY> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  408: 'TIMEOUT',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  429: 'TOO_MANY_REQUESTS',
  503: 'SERVICE_UNAVAILABLE',
};

export const INTERNAL_MESSAGE = ERROR_MESSAGES[500];

export function toTRPCError(error: unknown): TRPCError {
  if (error instanceof TRPCError) return error;
  // The caller went away and the gateway stopped the platform call: nothing failed on our side.
  if (error instanceof APIUserAbortError) {
    return new TRPCError({ code: 'CLIENT_CLOSED_REQUEST', message: 'The caller went away.', cause: error });
  }
  if (!(error instanceof AssistantApiError) || error instanceof APIConnectionError) {
    return internal(error);
  }
  const status = error.status;
  if (status === undefined || (status >= 500 && !(error instanceof ServiceUnavailableError)))
    return internal(error);
  const code = CODE_BY_STATUS[status] ?? 'BAD_REQUEST';
  const retryAfterMs =
    error instanceof RateLimitError || error instanceof ServiceUnavailableError
      ? error.retryAfterMs
      : undefined;
  const cause = new UpstreamFailure(error.message, status, error.errors, retryAfterMs, error.requestId, {
    cause: error,
  });
  // The platform's messages are fixed per status and safe to pass on.
  return new TRPCError({ code, message: error.message, cause });
}

function internal(error: unknown): TRPCError {
  const status = error instanceof AssistantApiError ? error.status : undefined;
  const requestId = error instanceof AssistantApiError ? error.requestId : undefined;
  const cause = new UpstreamFailure(INTERNAL_MESSAGE, status, [], undefined, requestId, { cause: error });
  return new TRPCError({ code: 'INTERNAL_SERVER_ERROR', message: INTERNAL_MESSAGE, cause });
}
