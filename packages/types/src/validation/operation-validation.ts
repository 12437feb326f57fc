/**
 * The validation of one operation's input, as the server's routes and the gateway's procedures
 * both run it, so the two answer identical `errors` for identical input: path parameters as the
 * URL's text (an integer parameter only in canonical decimal: `7`, never `07`, `7.0`, `7e0`, `0x7`
 * or ` 7`), named `path.<name>`; the JSON body through the contract validator's stages, then the
 * operation's own checks. A valid input comes back converted (integers, JSON-string fields).
 */

import type { ValidationIssue } from '../schema-types.js';
import type { Contract, ContractValidator, Validated } from './contract-validator.js';
import { MAX_ISSUES } from './issues.js';

/** Checks of a body that need more than its schema (e.g. the configured models); run with it. */
export type BodyCheck = (body: unknown) => ValidationIssue[];

export interface OperationValidation {
  /** Validates path parameters given as text; integers come back as numbers. */
  params(texts: Record<string, string>): Validated;
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
interface OperationObject {
  parameters?: ParameterObject[];
  requestBody?: { content: Record<string, { schema: unknown }> };
}

function operationObject<Id extends string>(contract: Contract<Id>, operationId: Id): OperationObject {
  const { path, method } = contract.operations[operationId];
  return (contract.document.paths[path] as Record<string, OperationObject>)[method] as OperationObject;
}

/** The JSON body schema of an operation (a `$ref` into its contract), or undefined. */
export function operationBodySchema<Id extends string>(contract: Contract<Id>, operationId: Id): unknown {
  return operationObject(contract, operationId).requestBody?.content['application/json']?.schema;
}

export function operationValidation<Id extends string>(
  validator: ContractValidator<Id>,
  operationId: Id,
  check?: BodyCheck,
): OperationValidation {
  const { contract } = validator;
  const parameters = (operationObject(contract, operationId).parameters ?? []).filter((p) => p.in === 'path');
  const paramsSchema = {
    type: 'object',
    required: parameters.filter((p) => p.required).map((p) => p.name),
    properties: Object.fromEntries(parameters.map((p) => [p.name, p.schema])),
  };
  const integers = contract.operations[operationId].pathParameters
    .filter((p) => p.integer)
    .map((p) => p.name);
  const bodySchema = operationBodySchema(contract, operationId);

  return {
    params(texts) {
      const converted: Record<string, unknown> = { ...texts };
      for (const name of integers) {
        const text = converted[name];
        if (typeof text === 'string' && CANONICAL_INTEGER.test(text)) converted[name] = Number(text);
      }
      const { issues } = validator.validate(paramsSchema, converted);
      // Parameters are named `path.<name>`, not by a JSON pointer into the body.
      const named = issues.map((issue) => ({ ...issue, path: `path${issue.path.replaceAll('/', '.')}` }));
      return { value: converted, issues: named };
    },
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
