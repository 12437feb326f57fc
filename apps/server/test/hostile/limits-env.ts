/**
 * The configuration variables of the server's hostile-input defences, named once: if a variable is
 * renamed, only this file changes. Values are strings, as the environment holds them.
 */
export const LIMITS_ENV = {
  headersTimeoutMs: 'HEADERS_TIMEOUT_MS',
  requestTimeoutMs: 'REQUEST_TIMEOUT_MS',
  authFailuresMax: 'AUTH_FAILURE_LIMIT_MAX',
  authFailuresWindowMs: 'AUTH_FAILURE_LIMIT_WINDOW_MS',
  maxHeavyRequestsPerToken: 'MAX_HEAVY_REQUESTS_PER_TOKEN',
} as const;

/** The contract's documented defaults, for tests that assert them. */
export const DEFAULT_LIMITS = {
  authFailuresPerMinute: 60,
  heavyRequestsPerToken: 4,
} as const;
