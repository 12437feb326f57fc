/**
 * The named types of the contract's schemas (generated/schemas.ts), beside what openapi-typescript
 * writes and openapi-fetch consumes (`paths`, `components`, `operations`).
 */
import type { components, operations, paths } from './generated/openapi.js';
import type {
  BadGatewayError,
  BadRequestError,
  ConflictError,
  ForbiddenError,
  GatewayTimeoutError,
  InternalServerError,
  MethodNotAllowedError,
  NotFoundError,
  RateLimitError,
  ServiceUnavailableError,
  UnauthorizedError,
} from './generated/schemas.js';

// Every component schema under its own name, documented (generated/schemas.ts): `Agent`,
// `CreateAgentBody`, `ChatResult`, `ChatStreamChunk`, `Transcription`, `EmbeddingsResult`, …
export type * from './generated/schemas.js';
export type { components, operations, paths };

/** Any error envelope the API answers with. */
export type ErrorEnvelope =
  | BadRequestError
  | UnauthorizedError
  | ForbiddenError
  | NotFoundError
  | MethodNotAllowedError
  | ConflictError
  | RateLimitError
  | InternalServerError
  | BadGatewayError
  | ServiceUnavailableError
  | GatewayTimeoutError;
/** The fixed `message` of each error status. */
export type ErrorMessage = ErrorEnvelope['message'];

/** The operation ids of the contract. */
export type OperationId = keyof operations;
