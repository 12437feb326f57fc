/**
 * The contract's error envelopes: the fixed `message` of each error status (typed against the
 * generated schemas, so a wrong text fails `tsc`), the envelope of a status, and the error that
 * validation throws with the bad fields of a 400. The server answers with these; the gateway and
 * the SDK read them.
 */
import type {
  BadRequestError,
  ConflictError,
  ErrorEnvelope,
  ForbiddenError,
  InternalServerError,
  NotFoundError,
  RateLimitError,
  ServiceUnavailableError,
  UnauthorizedError,
  ValidationIssue,
} from './schema-types.js';

export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 429 | 500 | 503;

type ContractMessages = {
  400: BadRequestError['message'];
  401: UnauthorizedError['message'];
  403: ForbiddenError['message'];
  404: NotFoundError['message'];
  409: ConflictError['message'];
  429: RateLimitError['message'];
  500: InternalServerError['message'];
  503: ServiceUnavailableError['message'];
};

export const ERROR_MESSAGES = {
  400: 'Invalid input provided',
  401: 'Unauthorized access',
  403: 'You do not have permission to access this resource',
  404: 'Resource does not exist',
  409: 'A request with this Idempotency-Key is still in progress',
  429: 'Rate limit exceeded. Please try again later.',
  500: 'Internal server error',
  503: 'Service unavailable',
} as const satisfies ContractMessages;

export function isErrorStatus(value: number): value is ErrorStatus {
  return Object.hasOwn(ERROR_MESSAGES, value);
}

/** The envelope body of an error status; a 400 always carries `errors`. */
export function errorEnvelope(status: ErrorStatus, issues: ValidationIssue[] = []): ErrorEnvelope {
  if (status === 400) return { success: false, message: ERROR_MESSAGES[400], errors: issues };
  return { success: false, message: ERROR_MESSAGES[status] } as ErrorEnvelope;
}

/** Input that breaks the contract: every bad field, as a 400's `errors` lists them. */
export class ContractValidationError extends Error {
  override name = 'ContractValidationError';

  constructor(readonly issues: ValidationIssue[]) {
    super(ERROR_MESSAGES[400]);
  }

  static at(path: string, message: string): ContractValidationError {
    return new ContractValidationError([{ path, message }]);
  }
}
