import type { DeprecationTable, OperationId, Scope, ValidationIssue } from '@assistant-platform/types';
import type { AdminOperationId } from '@assistant-platform/types/admin';
import {
  type BodyCheck,
  type ContractValidator,
  contractRef,
  operationBodySchema,
  operationValidation,
} from '@assistant-platform/types/validation';
import type { FastifyInstance, RouteHandlerMethod } from 'fastify';
import { ApiError } from './api-error.js';
import { deprecationHeadersHook } from './deprecation-headers.js';

type Validation = (data: unknown) => { value: unknown } | { error: Error };

/** Bodies validated before the route's own validation runs (on a body worker, see pipeline/body/). */
export const validatedBodies = new WeakSet<object>();

/** Issues found while parsing a body (poisoning keys, lone surrogates), listed with validation's. */
export const parseIssues = new WeakMap<object, readonly ValidationIssue[]>();

const answer = ({ value, issues }: { value: unknown; issues: ValidationIssue[] }) =>
  issues.length === 0 ? { value } : { error: new ApiError(400, issues) };

/** What a route of one contract carries in its Fastify config (see fastify-types.ts). */
type RouteConfig = {
  scope: Scope;
  operationId?: OperationId;
  adminOperationId?: AdminOperationId;
  /** `false` opts the route out of the per-token rate limit (@fastify/rate-limit's route option). */
  rateLimit?: false;
};

/**
 * Registers one route per operation of a contract's operation table (the validator's contract: the
 * platform's, or the admin API's): method, path, scope and the path-parameter, query and body
 * validation all come from the YAML; only the handlers are code. An operation without a handler fails start-up,
 * so the server cannot silently miss part of a contract. Validation is the contract runtime's (the
 * gateway runs the same), compiled once.
 */
export function registerContractRoutes<Id extends string>(
  app: FastifyInstance,
  validator: ContractValidator<Id>,
  handlers: Record<Id, RouteHandlerMethod>,
  options: {
    config: (operationId: Id) => RouteConfig;
    checks?: Partial<Record<Id, BodyCheck>>;
    /** What the contract deprecates: its routes announce it (contract/deprecation-headers.ts). */
    deprecations: DeprecationTable;
  },
): void {
  const operations = validator.contract.operations;
  for (const operationId of Object.keys(operations) as Id[]) {
    const operation = operations[operationId];
    const handler = handlers[operationId];
    if (!handler) throw new Error(`No handler for operation ${operationId}`);
    const validation = operationValidation(validator, operationId, options.checks?.[operationId]);
    const validations: Partial<Record<'params' | 'querystring' | 'body', Validation>> = {
      params: (data) => answer(validation.params(data as Record<string, string>)),
      querystring: (data) => answer(validation.query(data as Record<string, unknown>)),
      body: (data) => {
        if (data === null || typeof data !== 'object') return answer(validation.body(data));
        // A large body was validated, checks and all, on a body worker.
        if (validatedBodies.has(data)) return { value: data };
        return answer(validation.body(data, parseIssues.get(data)));
      },
    };
    const body = operationBodySchema(validator.contract, operationId);
    app.route({
      method: operation.method.toUpperCase() as Uppercase<typeof operation.method>,
      url: operation.path.replace(/\{([^}]+)\}/g, ':$1'),
      config: options.config(operationId),
      // The schemas tell Fastify which parts to validate; the validation itself is the contract's.
      schema: {
        ...(operation.pathParameters.length > 0 ? { params: { type: 'object' } } : {}),
        ...(validation.hasQuery ? { querystring: { type: 'object' } } : {}),
        ...(body === undefined ? {} : { body: contractRef(body) as object }),
      },
      validatorCompiler: ({ httpPart }) => {
        const found = validations[httpPart as 'params' | 'querystring' | 'body'];
        if (!found) throw new Error(`No validation for ${httpPart} of ${operationId}`);
        return found as never;
      },
      ...(options.deprecations[operationId] === undefined
        ? {}
        : { onSend: deprecationHeadersHook(options.deprecations, operationId) }),
      handler,
    });
  }
}
