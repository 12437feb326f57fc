/**
 * The validation of one operation's input, as the server's routes and the gateway's procedures
 * both run it, so the two answer identical `errors` for identical input: path, query and header
 * parameters as the request's text (an integer parameter only in canonical decimal: `7`, never
 * `07`, `7.0`, `7e0`, `0x7` or ` 7`), named `path.<name>`, `query.<name>` and `header.<name>` (a
 * header's name in lower case, as HTTP names are case-insensitive; a parameter the operation does
 * not declare is ignored, as HTTP APIs usually do); the JSON body through the contract validator's
 * stages, then the operation's own checks. A valid input comes back converted (integers,
 * JSON-string fields).
 */

import type { ValidationIssue } from '../schema-types.js';
import type { Contract, ContractValidator, Validated } from './contract-validator.js';
import { MAX_ISSUES } from './issues.js';

/** Checks of a body that need more than its schema (e.g. the configured models); run with it. */
export type BodyCheck = (body: unknown) => ValidationIssue[];

export interface OperationValidation {
  /** Validates path parameters given as text; integers come back as numbers. */
  params(texts: Record<string, string>): Validated;
  /** Validates query parameters (text, or a list of texts when repeated); integers come back as numbers. */
  query(texts: Record<string, unknown>): Validated;
  /** Whether the operation declares query parameters (one without has nothing to validate there). */
  hasQuery: boolean;
  /** Validates header parameters, keyed by lower-case name (as Node gives them). */
  headers(texts: Record<string, unknown>): Validated;
  /** Whether the operation declares header parameters. */
  hasHeaders: boolean;
  /** Validates a parsed JSON body; `earlier` are issues found while parsing it, listed first. */
  body(value: unknown, earlier?: readonly ValidationIssue[]): Validated;
}

const CANONICAL_INTEGER = /^(?:0|[1-9][0-9]*)$/;

interface ParameterObject {
  name: string;
  in: string;
  required?: boolean;
  schema: unknown;
}
/** A response as the contract declares it (a `$ref` already resolved). */
export interface ResponseObject {
  $ref?: string;
  headers?: Record<string, unknown>;
  content?: Record<string, { schema?: unknown; [extension: `x-${string}`]: unknown }>;
}
interface OperationObject {
  /** Parameters, inline or `$ref`s to the document's `components.parameters`. */
  parameters?: (ParameterObject | { $ref: string })[];
  requestBody?: { content: Record<string, { schema: unknown }> };
  responses?: Record<string, ResponseObject>;
}

/** What an operation declares for one status: its headers' names and a schema per media type. */
export interface DeclaredResponse {
  /** The headers the response declares, lower-cased (e.g. `x-request-id`, `www-authenticate`). */
  headers: string[];
  /** The body's schema (`$ref`s into the contract) for each media type, e.g. `application/json`. */
  content: Record<string, unknown>;
}

function operationObject<Id extends string>(contract: Contract<Id>, operationId: Id): OperationObject {
  const { path, method } = contract.operations[operationId];
  return (contract.document.paths[path] as Record<string, OperationObject>)[method] as OperationObject;
}

/** The JSON body schema of an operation (a `$ref` into its contract), or undefined. */
export function operationBodySchema<Id extends string>(contract: Contract<Id>, operationId: Id): unknown {
  return operationObject(contract, operationId).requestBody?.content['application/json']?.schema;
}

/** The statuses an operation declares (`200`, `4XX`, `default`, …), in the contract's order. */
export function declaredStatuses<Id extends string>(contract: Contract<Id>, operationId: Id): string[] {
  return Object.keys(operationObject(contract, operationId).responses ?? {});
}

/**
 * The response object an operation declares for `status` (that status, else its range such as
 * `4XX`, else `default`), a `$ref` to the contract's `responses` resolved; undefined when none.
 */
export function declaredResponseObject<Id extends string>(
  contract: Contract<Id>,
  operationId: Id,
  status: number,
): ResponseObject | undefined {
  const responses = operationObject(contract, operationId).responses ?? {};
  const response =
    responses[String(status)] ?? responses[`${Math.floor(status / 100)}XX`] ?? responses.default;
  if (typeof response?.$ref !== 'string') return response;
  const components = (contract.document.components as { responses?: Record<string, ResponseObject> })
    .responses;
  return components?.[response.$ref.slice(response.$ref.lastIndexOf('/') + 1)];
}

/**
 * The response an operation declares for `status`, or undefined when the contract declares none
 * for that status: what an answer is checked against.
 */
export function operationResponse<Id extends string>(
  contract: Contract<Id>,
  operationId: Id,
  status: number,
): DeclaredResponse | undefined {
  const response = declaredResponseObject(contract, operationId, status);
  if (!response) return undefined;
  return {
    headers: Object.keys(response.headers ?? {}).map((name) => name.toLowerCase()),
    content: Object.fromEntries(
      Object.entries(response.content ?? {}).map(([mediaType, { schema }]) => [mediaType, schema]),
    ),
  };
}

/** An operation's parameters with `$ref`s to `components.parameters` resolved. */
function operationParameters<Id extends string>(contract: Contract<Id>, operationId: Id): ParameterObject[] {
  const shared = (contract.document.components.parameters ?? {}) as Record<string, ParameterObject>;
  return (operationObject(contract, operationId).parameters ?? []).flatMap((parameter) => {
    if (!('$ref' in parameter)) return [parameter];
    const found = shared[parameter.$ref.slice(parameter.$ref.lastIndexOf('/') + 1)];
    return found ? [found] : [];
  });
}

export function operationValidation<Id extends string>(
  validator: ContractValidator<Id>,
  operationId: Id,
  check?: BodyCheck,
): OperationValidation {
  const { contract } = validator;
  const parameters = operationParameters(contract, operationId);
  const path = parametersValidation(
    validator,
    parameters.filter((p) => p.in === 'path'),
    'path',
  );
  const query = parametersValidation(
    validator,
    parameters.filter((p) => p.in === 'query'),
    'query',
  );
  const headers = parametersValidation(
    validator,
    parameters.filter((p) => p.in === 'header').map((p) => ({ ...p, name: p.name.toLowerCase() })),
    'header',
  );
  const bodySchema = operationBodySchema(contract, operationId);

  return {
    params: path,
    query,
    hasQuery: parameters.some((p) => p.in === 'query'),
    headers,
    hasHeaders: parameters.some((p) => p.in === 'header'),
    body(value, earlier = []) {
      const validated = validator.validate(bodySchema, value);
      const issues = [...earlier, ...validated.issues];
      if (check) {
        const found = new Set(issues.map((issue) => issue.path));
        issues.push(...check(validated.value).filter((issue) => !found.has(issue.path)));
      }
      return { value: validated.value, issues: issues.slice(0, MAX_ISSUES) };
    },
  };
}

/** An integer parameter's schema, inline or a `$ref` to a component of the document. */
function isIntegerSchema(schema: unknown, components: Record<string, unknown>): boolean {
  const ref = (schema as { $ref?: unknown }).$ref;
  const resolved = typeof ref === 'string' ? components[ref.slice(ref.lastIndexOf('/') + 1)] : schema;
  return (resolved as { type?: unknown } | undefined)?.type === 'integer';
}

/** The validation of one location's parameters, each given as the request's text. */
function parametersValidation<Id extends string>(
  validator: ContractValidator<Id>,
  parameters: readonly ParameterObject[],
  location: 'path' | 'query' | 'header',
): (texts: Record<string, unknown>) => Validated {
  const schema = {
    type: 'object',
    required: parameters.filter((p) => p.required).map((p) => p.name),
    properties: Object.fromEntries(parameters.map((p) => [p.name, p.schema])),
  };
  const components = validator.contract.document.components.schemas as Record<string, unknown>;
  const integers = parameters.filter((p) => isIntegerSchema(p.schema, components)).map((p) => p.name);
  return (texts) => {
    const converted: Record<string, unknown> = {};
    // Only the declared parameters: an undeclared one is neither validated nor passed on.
    for (const { name } of parameters) if (Object.hasOwn(texts, name)) converted[name] = texts[name];
    for (const name of integers) {
      const text = converted[name];
      if (typeof text === 'string' && CANONICAL_INTEGER.test(text)) converted[name] = Number(text);
    }
    const { issues } = validator.validate(schema, converted);
    // Parameters are named `path.<name>`, `query.<name>` or `header.<name>`, not by a JSON pointer.
    const named = issues.map((issue) => ({
      ...issue,
      path: `${location}${issue.path.replaceAll('/', '.')}`,
    }));
    return { value: converted, issues: named };
  };
}
