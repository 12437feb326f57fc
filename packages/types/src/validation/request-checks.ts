/**
 * Checks a request a client sent to the platform against the contract, as the server's routes
 * would validate it, but reporting instead of refusing (the proxy forwards it either way): an
 * operation must have its method and path, it must carry a bearer token (every operation's
 * `security`), its path, query and header parameters (an `Idempotency-Key`, say) and its JSON body
 * must be valid. A header repeated is checked as Node joins it (`a, b`), as the server sees it. The body is the
 * contract's validation (limits, then the schema, then fields sent as JSON text), without the
 * reference engine's own checks (its models): a deployment may answer more.
 */
import { ContractValidationError } from '../errors.js';
import { bearerToken } from '../http-headers.js';
import type { ValidationIssue } from '../schema-types.js';
import type { ContractValidator } from './contract-validator.js';
import { parseJsonBody } from './json-text.js';
import { type OperationMatch, operationMatcher } from './operation-match.js';
import { operationBodySchema, operationValidation } from './operation-validation.js';
import { isJsonMediaType, mediaTypeOf, type Violation, violation, withIssues } from './violation.js';

export interface CheckedRequest {
  method: string;
  /** The path relative to the API's base (`/agents/view/1`), as sent (percent-encoded). */
  path: string;
  /** The query string without `?`. */
  query: string;
  headers: Record<string, string | string[] | undefined>;
  /** The body's bytes; undefined or empty when there is none. */
  body: Uint8Array | undefined;
}

const header = (headers: CheckedRequest['headers'], name: string) => {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
};

function queryTexts(query: string): Record<string, string | string[]> {
  const texts: Record<string, string | string[]> = {};
  for (const [name, value] of new URLSearchParams(query)) {
    const existing = texts[name];
    texts[name] =
      existing === undefined ? value : [...(Array.isArray(existing) ? existing : [existing]), value];
  }
  return texts;
}

/** Header values as the server reads them: a repeated header joined with `, `, as Node joins it. */
function headerTexts(headers: CheckedRequest['headers']): Record<string, string> {
  const texts: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers))
    if (value !== undefined) texts[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  return texts;
}

/** The checks of one contract's requests; `check` finds the operation and what the request broke. */
export function requestChecks<Id extends string>(validator: ContractValidator<Id>) {
  const match = operationMatcher(validator.contract);
  const validations = new Map<Id, ReturnType<typeof operationValidation<Id>>>();
  const validationOf = (operationId: Id) => {
    let found = validations.get(operationId);
    if (!found) {
      found = operationValidation(validator, operationId);
      validations.set(operationId, found);
    }
    return found;
  };

  return function check(request: CheckedRequest): {
    operation: OperationMatch<Id> | undefined;
    violations: Violation[];
  } {
    const { match: operation, methods } = match(request.method, request.path);
    if (!operation) {
      const others = methods.length > 0 ? ` (its path answers ${methods.join(', ')})` : '';
      return {
        operation,
        violations: [
          violation('request-route', `no operation has ${request.method} ${request.path}${others}`),
        ],
      };
    }
    const violations: Violation[] = [];
    if (bearerToken(header(request.headers, 'authorization')) === undefined) {
      violations.push(
        violation('request-authorization', 'the request has no `Authorization: Bearer <token>` header'),
      );
    }
    const validation = validationOf(operation.operationId);
    const parameters = [
      ...validation.params(operation.params).issues,
      ...(validation.hasQuery ? validation.query(queryTexts(request.query)).issues : []),
      ...(validation.hasHeaders ? validation.headers(headerTexts(request.headers)).issues : []),
    ];
    if (parameters.length > 0)
      violations.push(
        violation('request-parameters', withIssues('a parameter is invalid', parameters), parameters),
      );
    if (operationBodySchema(validator.contract, operation.operationId) !== undefined) {
      const issues = bodyIssues(validation, request);
      if (issues.length > 0)
        violations.push(violation('request-body', withIssues('the body is invalid', issues), issues));
    }
    return { operation, violations };
  };
}

function bodyIssues(
  validation: ReturnType<typeof operationValidation>,
  request: CheckedRequest,
): ValidationIssue[] {
  const mediaType = mediaTypeOf(header(request.headers, 'content-type'));
  if (request.body === undefined || request.body.length === 0) return [{ path: '', message: 'is required' }];
  if (!isJsonMediaType(mediaType))
    return [{ path: 'header.content-type', message: 'must be application/json' }];
  try {
    const parsed = parseJsonBody(request.body);
    return validation.body(parsed.value, parsed.issues).issues;
  } catch (error) {
    if (error instanceof ContractValidationError) return error.issues;
    throw error;
  }
}
