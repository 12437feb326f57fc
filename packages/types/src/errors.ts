/**
 * The contract's error envelopes: the fixed `message` of each error status (typed against the
 * generated schemas, so a wrong text fails `tsc`), the envelope of a status, and the error that
 * validation throws with the bad fields of a 400. The server answers with these; the gateway and
 * the SDK read them.
 */
import type {
  BadGatewayError,
  BadRequestError,
  ConflictError,
  ErrorEnvelope,
  ForbiddenError,
  GatewayTimeoutError,
  InternalServerError,
  MethodNotAllowedError,
  NotFoundError,
  RateLimitError,
  ServiceUnavailableError,
  UnauthorizedError,
  ValidationIssue,
} from './schema-types.js';

export type ErrorStatus = 400 | 401 | 403 | 404 | 405 | 409 | 429 | 500 | 502 | 503 | 504;

type ContractMessages = {
  400: BadRequestError['message'];
  401: UnauthorizedError['message'];
  403: ForbiddenError['message'];
  404: NotFoundError['message'];
  405: MethodNotAllowedError['message'];
  409: ConflictError['message'];
  429: RateLimitError['message'];
  500: InternalServerError['message'];
  502: BadGatewayError['message'];
  503: ServiceUnavailableError['message'];
  504: GatewayTimeoutError['message'];
};

export const ERROR_MESSAGES = {
  400: 'Invalid input provided',
  401: 'Unauthorized access',
  403: 'You do not have permission to access this resource',
  404: 'Resource does not exist',
  405: 'Method not allowed',
  409: 'A request with this Idempotency-Key is still in progress',
  429: 'Rate limit exceeded. Please try again later.',
  500: 'Internal server error',
  502: 'Bad gateway',
  503: 'Service unavailable',
  504: 'Gateway timeout',
} as const satisfies ContractMessages;

/**
 * The other `429` text: the request was never counted against a limit, but the caller's earlier
 * work still fills what the server holds for it (its requests in flight, its share of a queue).
 */
export const BUSY_MESSAGE =
  'The server is busy with your earlier requests. Please try again later.' as const satisfies RateLimitError['message'];

/** Every text a `429` envelope may carry: a client tells a rate limit from a busy server by it. */
export const RATE_LIMIT_MESSAGES: readonly RateLimitError['message'][] = [ERROR_MESSAGES[429], BUSY_MESSAGE];

export function isErrorStatus(value: number): value is ErrorStatus {
  return Object.hasOwn(ERROR_MESSAGES, value);
}

/** The envelope body of an error status; a 400 always carries `errors`, a busy 429 its message. */
export function errorEnvelope(
  status: ErrorStatus,
  issues: ValidationIssue[] = [],
  busy = false,
): ErrorEnvelope {
  if (status === 400) return { success: false, message: ERROR_MESSAGES[400], errors: issues };
  if (status === 429 && busy) return { success: false, message: BUSY_MESSAGE };
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
