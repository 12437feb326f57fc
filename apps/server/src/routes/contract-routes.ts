import type { OperationId, ValidationIssue } from '@assistant-platform/types';
import { openapiDocument } from '@assistant-platform/types/openapi-document';
import type { FastifyInstance, RouteHandlerMethod } from 'fastify';
import { OPERATION_SCOPES } from '../auth/scopes.js';
import { ApiError } from '../http/api-error.js';
import { type BodyChecks, validateBody, validatedOnWorker } from '../validation/body-validation.js';
import { type ContractValidator, contractRef } from '../validation/contract-validator.js';

interface OperationObject {
  operationId: OperationId;
  parameters?: { name: string; in: string; required?: boolean; schema: unknown }[];
  requestBody?: { content: Record<string, { schema: unknown }> };
}

type Validation = (data: unknown) => { value: unknown } | { error: Error };

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

// A path's integer is written one way only: `07`, `7.0`, `7e0`, `0x7` or ` 7` are not 7.
const CANONICAL_INTEGER = /^(?:0|[1-9][0-9]*)$/;

function isIntegerSchema(schema: unknown): boolean {
  const ref = (schema as { $ref?: string }).$ref;
  const resolved = ref
    ? (openapiDocument.components.schemas as Record<string, { type?: unknown }>)[
        ref.split('/').pop() as string
      ]
    : (schema as { type?: unknown });
  return resolved?.type === 'integer';
}

function paramsValidation(
  validator: ContractValidator,
  params: OperationObject['parameters'] = [],
): Validation {
  const schema = {
    type: 'object',
    required: params.filter((p) => p.required).map((p) => p.name),
    properties: Object.fromEntries(params.map((p) => [p.name, p.schema])),
  };
  const integers = params.filter((p) => isIntegerSchema(p.schema)).map((p) => p.name);
  return (data) => {
    const converted = { ...(data as Record<string, unknown>) };
    for (const name of integers) {
      const text = converted[name];
      if (typeof text === 'string' && CANONICAL_INTEGER.test(text)) converted[name] = Number(text);
    }
    const { issues } = validator.validate(schema, converted);
    if (issues.length === 0) return { value: converted };
    // Parameters are named `path.<name>`, not by a JSON pointer into the body.
    const named = issues.map((issue) => ({ ...issue, path: `path${issue.path.replaceAll('/', '.')}` }));
    return { error: new ApiError(400, named) };
  };
}

function bodyValidation(
  validator: ContractValidator,
  schema: unknown,
  check?: (body: unknown) => ValidationIssue[],
): Validation {
  return (data) => {
    // A large body was validated, checks and all, on a body worker (see json-body-parser.ts).
    if (data !== null && typeof data === 'object' && validatedOnWorker.has(data)) return { value: data };
    const { value, issues } = validateBody(validator, schema, data, check);
    return issues.length === 0 ? { value } : { error: new ApiError(400, issues) };
  };
}

/**
 * Registers one route per operation of the contract: path, method, path-parameter and body schemas
 * and the required scope all come from openapi.yaml; only the handlers are code. An operation
 * without a handler fails start-up, so the server cannot silently miss part of the contract.
 * Validation is the contract validator's (limits, schema, JSON-string fields, `checks`), each
 * route's own, compiled once at start-up.
 */
export function registerContractRoutes(
  app: FastifyInstance,
  validator: ContractValidator,
  handlers: Record<OperationId, RouteHandlerMethod>,
  checks: BodyChecks = {},
): void {
  for (const [path, item] of Object.entries(openapiDocument.paths)) {
    for (const method of METHODS) {
      const operation = item[method] as OperationObject | undefined;
      if (!operation) continue;
      const handler = handlers[operation.operationId];
      if (!handler) throw new Error(`No handler for operation ${operation.operationId}`);
      const pathParams = (operation.parameters ?? []).filter((p) => p.in === 'path');
      const body = operation.requestBody?.content['application/json']?.schema;
      const validations: Partial<Record<'params' | 'body', Validation>> = {
        ...(pathParams.length === 0 ? {} : { params: paramsValidation(validator, pathParams) }),
        ...(body === undefined
          ? {}
          : { body: bodyValidation(validator, body, checks[operation.operationId]) }),
      };
      app.route({
        method: method.toUpperCase() as Uppercase<(typeof METHODS)[number]>,
        url: path.replace(/\{([^}]+)\}/g, ':$1'),
        config: { scope: OPERATION_SCOPES[operation.operationId], operationId: operation.operationId },
        // The schemas tell Fastify which parts to validate; the validation itself is ours.
        schema: {
          ...(pathParams.length === 0 ? {} : { params: { type: 'object' } }),
          ...(body === undefined ? {} : { body: contractRef(body) as object }),
        },
        validatorCompiler: ({ httpPart }) => {
          const validation = validations[httpPart as 'params' | 'body'];
          if (!validation) throw new Error(`No validation for ${httpPart} of ${operation.operationId}`);
          return validation as never;
        },
        handler,
      });
    }
  }
}
