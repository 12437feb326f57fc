import {
  BUSY_MESSAGE,
  ERROR_MESSAGES,
  type ErrorEnvelope,
  type ErrorStatus,
  errorEnvelope,
  type ValidationIssue,
} from '@assistant-platform/types';
import {
  FAULT_ERROR_MESSAGES,
  type FaultErrorEnvelope,
  FEATURE_OFF_MESSAGES,
} from '@assistant-platform/types/admin';

/** Every status the server answers with an error envelope: the platform's, and those only faults answer. */
export type AnswerStatus = ErrorStatus | keyof typeof FAULT_ERROR_MESSAGES;

const isPlatformStatus = (status: AnswerStatus): status is ErrorStatus => status in ERROR_MESSAGES;

/**
 * A failure the client should see as one of the contracts' error envelopes (their fixed messages
 * and shapes are the types package's): thrown anywhere in a request, answered by the error handler.
 */
export class ApiError extends Error {
  /** A 429 because the caller's earlier work fills what the server holds for it (the busy message). */
  busy = false;

  constructor(
    readonly status: AnswerStatus,
    readonly issues: ValidationIssue[] = [],
    readonly retryAfterSeconds?: number,
  ) {
    // An answer, not a fault in the code: its stack is never read, and capturing one (Fastify's
    // stacks are deep) costs about ten times the rest of the error, on every refusal.
    const stackTraceLimit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(isPlatformStatus(status) ? ERROR_MESSAGES[status] : FAULT_ERROR_MESSAGES[status]);
    Error.stackTraceLimit = stackTraceLimit;
    this.name = 'ApiError';
  }

  static badRequest(path: string, message: string): ApiError {
    return new ApiError(400, [{ path, message }]);
  }

  /**
   * A 429 for a request no limit counted: the caller's earlier work still fills its share (its
   * requests in flight, its account's place in a shared queue). Not the rate limit's message.
   */
  static busy(retryAfterSeconds: number): ApiError {
    const error = new ApiError(429, [], retryAfterSeconds);
    error.busy = true;
    error.message = BUSY_MESSAGE;
    return error;
  }
}

/** The envelope of any status the server answers; a 400 always carries `errors`, a busy 429 its text. */
export function envelopeOf(
  status: AnswerStatus,
  issues: ValidationIssue[] = [],
  busy = false,
): ErrorEnvelope | FaultErrorEnvelope {
  return isPlatformStatus(status)
    ? errorEnvelope(status, issues, busy)
    : { success: false, message: FAULT_ERROR_MESSAGES[status] };
}

/**
 * The answer of an admin route whose feature the server runs without (`FEATURES_OFF`): `501` with
 * the admin contract's `FeatureOffError` envelope naming the feature.
 */
export class FeatureOffError extends Error {
  override name = 'FeatureOffError';
  readonly status = 501;

  constructor(feature: keyof typeof FEATURE_OFF_MESSAGES) {
    super(FEATURE_OFF_MESSAGES[feature]);
  }
}

/**
 * A replaying server's answer to a request no cassette matches (`--replay-miss error`): `501` with
 * the admin contract's `ReplayMissError` envelope, whose message names the nearest cassette.
 */
export class ReplayMissError extends Error {
  override name = 'ReplayMissError';
  readonly status = 501;

  constructor(message: `No cassette matches ${string}`) {
    super(message);
  }
}
