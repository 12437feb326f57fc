/**
 * `@assistant-platform/types/validation`: the contract's one validation runtime (Ajv over the
 * contract's schemas, its limits, its JSON text rules and issue wording), used by the reference
 * server and the gateway alike.
 */
export { chatBodyChecks, responseBudgetIssues } from './chat-body-checks.js';
export { CONTRACT_ID, contractSchema } from './contract-schemas.js';
export {
  type Contract,
  ContractValidator,
  contractRef,
  platformContract,
  type Validated,
} from './contract-validator.js';
export { MAX_ISSUES, toIssues } from './issues.js';
export { depthOf, MAX_JSON_DEPTH, type ParsedJson, parseJsonBody, parseJsonText } from './json-text.js';
export { type SchemaLimits, schemaLimits, subschemaDepth } from './limits.js';
export {
  type BodyCheck,
  type DeclaredResponse,
  type OperationValidation,
  operationBodySchema,
  operationResponse,
  operationValidation,
} from './operation-validation.js';
