import { OPERATIONS, type OperationId, type ValidationIssue } from '@assistant-platform/types';
import {
  type BodyCheck,
  type ContractValidator,
  contractRef,
  operationBodySchema,
  operationValidation,
} from '@assistant-platform/types/validation';
import type { FastifyInstance, RouteHandlerMethod } from 'fastify';
import { ApiError } from './api-error.js';

type Validation = (data: unknown) => { value: unknown } | { error: Error };

/** Bodies validated before the route's own validation runs (on a body worker, see pipeline/body/). */
export const validatedBodies = new WeakSet<object>();

/** Issues found while parsing a body (poisoning keys, lone surrogates), listed with validation's. */
export const parseIssues = new WeakMap<object, readonly ValidationIssue[]>();

const answer = ({ value, issues }: { value: unknown; issues: ValidationIssue[] }) =>
  issues.length === 0 ? { value } : { error: new ApiError(400, issues) };

/**
 * Registers one route per operation of the contract's operation table: method, path, scope and the
 * path-parameter and body validation all come from openapi.yaml; only the handlers are code. An
 * operation without a handler fails start-up, so the server cannot silently miss part of the
 * contract. Validation is the contract runtime's (the gateway runs the same), compiled once.
 */
export function registerContractRoutes(
  app: FastifyInstance,
  validator: ContractValidator,
  handlers: Record<OperationId, RouteHandlerMethod>,
  checks: Partial<Record<OperationId, BodyCheck>> = {},
): void {
  for (const [operationId, operation] of Object.entries(OPERATIONS) as [
    OperationId,
    (typeof OPERATIONS)[OperationId],
  ][]) {
    const handler = handlers[operationId];
    if (!handler) throw new Error(`No handler for operation ${operationId}`);
    const validation = operationValidation(validator, operationId, checks[operationId]);
    const validations: Partial<Record<'params' | 'body', Validation>> = {
      params: (data) => answer(validation.params(data as Record<string, string>)),
      body: (data) => {
        if (data === null || typeof data !== 'object') return answer(validation.body(data));
        // A large body was validated, checks and all, on a body worker.
        if (validatedBodies.has(data)) return { value: data };
        return answer(validation.body(data, parseIssues.get(data)));
      },
    };
    const hasParams = operation.pathParameters.length > 0;
    app.route({
      method: operation.method.toUpperCase() as 'GET' | 'POST' | 'PATCH',
      url: operation.path.replace(/\{([^}]+)\}/g, ':$1'),
      config: { scope: operation.scope, operationId },
      // The schemas tell Fastify which parts to validate; the validation itself is the contract's.
      schema: {
        ...(hasParams ? { params: { type: 'object' } } : {}),
        ...(operation.jsonBody
          ? { body: contractRef(operationBodySchema(validator.contract, operationId)) as object }
          : {}),
      },
      validatorCompiler: ({ httpPart }) => {
        const found = validations[httpPart as 'params' | 'body'];
        if (!found) throw new Error(`No validation for ${httpPart} of ${operationId}`);
        return found as never;
      },
      handler,
    });
  }
}
