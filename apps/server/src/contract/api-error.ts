import { ERROR_MESSAGES, type ErrorStatus, type ValidationIssue } from '@assistant-platform/types';

/**
 * A failure the client should see as one of the contract's error envelopes (their fixed messages
 * and shapes are the types package's): thrown anywhere in a request, answered by the error handler.
 */
export class ApiError extends Error {
  constructor(
    readonly status: ErrorStatus,
    readonly issues: ValidationIssue[] = [],
    readonly retryAfterSeconds?: number,
  ) {
    super(ERROR_MESSAGES[status]);
    this.name = 'ApiError';
  }

  static badRequest(path: string, message: string): ApiError {
    return new ApiError(400, [{ path, message }]);
  }
}
