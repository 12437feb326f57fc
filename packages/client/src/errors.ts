/**
 * Errors the SDK throws, modelled on openai-node: one base class carrying the HTTP status, headers and
 * request id, and one subclass per status so callers can `catch (e) { if (e instanceof NotFoundError) }`.
 * Failures without a response (connection, timeout, abort) extend the same base with `status` undefined,
 * so `instanceof AssistantApiError` catches everything the SDK throws.
 */
import type { ValidationIssue } from '@assistant-platform/types';

export type { ValidationIssue };

export class AssistantApiError extends Error {
  /** The HTTP status, or `undefined` when no response arrived. */
  readonly status: number | undefined;
  /** The bad fields of a `400`, in the order the server found them; empty otherwise. */
  readonly errors: ValidationIssue[];
  /** The `x-request-id` of the response: quote it when reporting a problem. */
  readonly requestId: string | undefined;
  readonly headers: Headers | undefined;

  constructor(
    status: number | undefined,
    message: string,
    init: { errors?: ValidationIssue[]; headers?: Headers; cause?: unknown } = {},
  ) {
    super(message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = new.target.name;
    this.status = status;
    this.errors = init.errors ?? [];
    this.headers = init.headers;
    this.requestId = init.headers?.get('x-request-id') ?? undefined;
  }
}

export class BadRequestError extends AssistantApiError {
  declare readonly status: 400;
}
export class AuthenticationError extends AssistantApiError {
  declare readonly status: 401;
}
export class PermissionDeniedError extends AssistantApiError {
  declare readonly status: 403;
}
export class NotFoundError extends AssistantApiError {
  declare readonly status: 404;
}
/** 409: a request with the same `Idempotency-Key` is still being answered (retried by default). */
export class ConflictError extends AssistantApiError {
  declare readonly status: 409;
}
/** What an error whose answer says how long to wait is made from (429, 503). */
type RetryAfterInit = { errors?: ValidationIssue[]; headers?: Headers; retryAfterMs?: number | undefined };

export class RateLimitError extends AssistantApiError {
  declare readonly status: 429;
  /** How long the server asked to wait (`Retry-After`), in milliseconds; `undefined` when not sent. */
  readonly retryAfterMs: number | undefined;

  constructor(status: number, message: string, init: RetryAfterInit = {}) {
    super(status, message, init);
    this.retryAfterMs = init.retryAfterMs;
  }
}
export class InternalServerError extends AssistantApiError {}
/**
 * 503: the platform cannot serve the request now (its database is unreachable, full or failing), and
 * said how long to wait (`Retry-After`). Retried by default: a GET always, a POST with its
 * `Idempotency-Key`. An `InternalServerError`, as every 5xx.
 */
export class ServiceUnavailableError extends InternalServerError {
  declare readonly status: 503;
  /** How long the server asked to wait (`Retry-After`), in milliseconds; `undefined` when not sent. */
  readonly retryAfterMs: number | undefined;

  constructor(status: number, message: string, init: RetryAfterInit = {}) {
    super(status, message, init);
    this.retryAfterMs = init.retryAfterMs;
  }
}

/** The request never got a response: DNS, refused connection, reset, or an unreadable stream. */
export class APIConnectionError extends AssistantApiError {
  declare readonly status: undefined;
  constructor(message = 'Connection error.', cause?: unknown) {
    super(undefined, message, { cause });
  }
}

/** No response within `timeoutMs` (after every retry). */
export class APITimeoutError extends APIConnectionError {
  constructor(message = 'Request timed out.') {
    super(message);
  }
}

/**
 * A chat stream went silent: no byte for `idleTimeoutMs`. Retried when it happens before the first
 * event (nothing was received yet); thrown after the chunks already received otherwise.
 */
export class StreamIdleTimeoutError extends APITimeoutError {
  constructor(readonly idleTimeoutMs: number) {
    super(`The stream sent nothing for ${idleTimeoutMs} ms (idleTimeoutMs).`);
  }
}

/** The caller aborted the request through its `AbortSignal` (or a stream's `abort()`). */
export class APIUserAbortError extends AssistantApiError {
  declare readonly status: undefined;
  constructor(message = 'Request was aborted.') {
    super(undefined, message);
  }
}
