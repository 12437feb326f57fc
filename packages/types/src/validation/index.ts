/**
 * `@assistant-platform/types/validation`: the contract's one validation runtime (Ajv over the
 * contract's schemas, its limits, its JSON text rules and issue wording), used by the reference
 * server and the gateway alike, and the checks of whole exchanges (a request and its answer) that
 * the server's proxy mode reports violations with.
 */
export {
  type AnswerHeadCheck,
  type AnswerHeaders,
  checkAnswerBody,
  checkAnswerHead,
} from './answer-checks.js';
export { chatBodyChecks, responseBudgetIssues } from './chat-body-checks.js';
export { CONTRACT_ID, contractSchema } from './contract-schemas.js';
export {
  type Contract,
  type ContractFormat,
  ContractValidator,
  contractRef,
  type PrecompiledValidator,
  platformContract,
  type Validated,
} from './contract-validator.js';
export { MAX_ISSUES, toIssues } from './issues.js';
export {
  depthOf,
  MAX_JSON_DEPTH,
  MAX_JSON_VALUES,
  type ParsedJson,
  parseJsonBody,
  parseJsonText,
} from './json-text.js';
export { type SchemaLimits, schemaLimits, subschemaDepth } from './limits.js';
export { type OperationMatch, operationMatcher } from './operation-match.js';
export {
  type BodyCheck,
  type DeclaredResponse,
  type OperationValidation,
  operationBodySchema,
  operationResponse,
  operationValidation,
} from './operation-validation.js';
export { type CheckedRequest, requestChecks } from './request-checks.js';
export { type EventStreamSpec, StreamCheck } from './stream-checks.js';
export { isJsonMediaType, mediaTypeOf, type Violation, type ViolationRule } from './violation.js';
