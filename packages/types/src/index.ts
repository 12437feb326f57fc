/**
 * The Assistant Platform API's contract for TypeScript, generated from openapi/openapi.yaml: its
 * types (`paths`, `components`, `operations` and friendly names such as `Agent`), and the runtime
 * pieces every side shares. These have no dependencies; validation, which needs Ajv, is the
 * `/validation` subpath, and the parsed document the `/openapi-document` subpath.
 */

export {
  ConfigError,
  type EnvironmentSchema,
  LOG_LEVELS,
  type LogLevel,
  readEnvironment,
} from './configuration.js';
export {
  type DeprecatedUse,
  type Deprecation,
  type DeprecationTable,
  deprecatedUses,
  deprecationHeaders,
  type OperationDeprecations,
  readDeprecationHeaders,
  type SentRequest,
} from './deprecation.js';
export {
  BUSY_MESSAGE,
  ContractValidationError,
  ERROR_MESSAGES,
  type ErrorStatus,
  errorEnvelope,
  isErrorStatus,
  RATE_LIMIT_MESSAGES,
} from './errors.js';
export { DECLARED_DEFAULTS, KNOWN_CHAT_MODELS } from './generated/defaults.js';
export { ADMIN_DEPRECATIONS, DEPRECATIONS } from './generated/deprecations.js';
export { bearerToken, isClientRequestId, retryAfterMs } from './http-headers.js';
export {
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_ISSUE_PATH,
  IDEMPOTENCY_KEY_ISSUES,
  IDEMPOTENT_REPLAYED_HEADER,
} from './idempotency.js';
export {
  adminViewOf,
  grants,
  isScope,
  OPERATIONS,
  type Operation,
  SCOPES,
  type Scope,
} from './operations.js';
export type * from './schema-types.js';
