import type {
  BadRequestError,
  ErrorEnvelope,
  ForbiddenError,
  InternalServerError,
  NotFoundError,
  RateLimitError,
  UnauthorizedError,
  ValidationIssue,
} from '@assistant-platform/types';

export type ErrorStatus = 400 | 401 | 403 | 404 | 429 | 500;

/** Each status's message, as the contract's error schemas pin it (a wrong text fails typecheck). */
type ContractMessages = {
  400: BadRequestError['message'];
  401: UnauthorizedError['message'];
  403: ForbiddenError['message'];
  404: NotFoundError['message'];
  429: RateLimitError['message'];
  500: InternalServerError['message'];
};

export const ERROR_MESSAGES = {
  400: 'Invalid input provided',
  401: 'Unauthorized access',
  403: 'You do not have permission to access this resource',
  404: 'Resource does not exist',
  429: 'Rate limit exceeded. Please try again later.',
  500: 'Internal server error',
} as const satisfies ContractMessages;

/** A failure the client should see as one of the contract's error envelopes. */
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

export function isErrorStatus(value: number): value is ErrorStatus {
  return value in ERROR_MESSAGES;
}

/** The envelope body of an error status; a 400 always carries `errors`. */
export function errorEnvelope(status: ErrorStatus, issues: ValidationIssue[] = []): ErrorEnvelope {
  if (status === 400) return { success: false, message: ERROR_MESSAGES[400], errors: issues };
  return { success: false, message: ERROR_MESSAGES[status] } as ErrorEnvelope;
}
