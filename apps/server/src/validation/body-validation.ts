/**
 * The validation of one operation's body, the same on the event loop and on a body worker: the
 * contract validator's stages, then the operation's own checks (`BodyChecks`), every issue listed.
 * A body validated on a worker is remembered, so the route does not validate it a second time.
 */
import type { OperationId, ValidationIssue } from '@assistant-platform/types';
import { openapiDocument } from '@assistant-platform/types/openapi-document';
import { MAX_ISSUES } from './ajv-issues.js';
import type { ContractValidator, Validated } from './contract-validator.js';

/** Checks of a body that need more than its schema (e.g. the configured models); run with it. */
export type BodyChecks = Partial<Record<OperationId, (body: unknown) => ValidationIssue[]>>;

type Operation = { operationId?: string; requestBody?: { content: Record<string, { schema: unknown }> } };

/** The JSON body schema of an operation, or undefined when it takes no body. */
export function operationBodySchema(operationId: OperationId): unknown {
  for (const item of Object.values(openapiDocument.paths)) {
    for (const operation of Object.values(item as Record<string, Operation>)) {
      if (operation?.operationId === operationId)
        return operation.requestBody?.content['application/json']?.schema;
    }
  }
  return undefined;
}

/** Issues found while parsing a body (poisoning keys, lone surrogates), listed with validation's. */
export const parseIssues = new WeakMap<object, ValidationIssue[]>();

export function validateBody(
  validator: ContractValidator,
  schema: unknown,
  data: unknown,
  check?: (body: unknown) => ValidationIssue[],
): Validated {
  const earlier = data !== null && typeof data === 'object' ? (parseIssues.get(data) ?? []) : [];
  const validated = validator.validate(schema, data);
  const value = validated.value;
  const issues = [...earlier, ...validated.issues];
  if (check) {
    const found = new Set(issues.map((issue) => issue.path));
    issues.push(...check(value).filter((issue) => !found.has(issue.path)));
  }
  return { value, issues: issues.slice(0, MAX_ISSUES) };
}

/** Bodies a body worker already validated (as values handed to the route). */
export const validatedOnWorker = new WeakSet<object>();
