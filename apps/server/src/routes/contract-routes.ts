import type { OperationId } from '@assistant-platform/types';
import { openapiDocument } from '@assistant-platform/types/openapi-document';
import type { FastifyInstance, RouteHandlerMethod } from 'fastify';
import { OPERATION_SCOPES } from '../auth/scopes.js';
import { CONTRACT_ID } from '../validation/contract-schemas.js';
import type { ContractValidator } from '../validation/contract-validator.js';

interface OperationObject {
  operationId: OperationId;
  parameters?: { name: string; in: string; required?: boolean; schema: unknown }[];
  requestBody?: { content: Record<string, { schema: unknown }> };
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** Rewrites a `$ref` of the document (`#/components/...`) to the schema registered with Ajv. */
function contractRef(schema: unknown): unknown {
  const ref = (schema as { $ref?: string }).$ref;
  return ref?.startsWith('#/') ? { $ref: `${CONTRACT_ID}${ref}` } : schema;
}

/**
 * Registers one route per operation of the contract: path, method, path-parameter and body schemas
 * and the required scope all come from openapi.yaml; only the handlers are code. An operation
 * without a handler fails start-up, so the server cannot silently miss part of the contract.
 */
export function registerContractRoutes(
  app: FastifyInstance,
  validator: ContractValidator,
  handlers: Record<OperationId, RouteHandlerMethod>,
): void {
  app.setValidatorCompiler(({ schema, httpPart }) =>
    validator.lazy(httpPart === 'params' ? 'params' : 'body', schema as object),
  );

  for (const [path, item] of Object.entries(openapiDocument.paths)) {
    for (const method of METHODS) {
      const operation = item[method] as OperationObject | undefined;
      if (!operation) continue;
      const handler = handlers[operation.operationId];
      if (!handler) throw new Error(`No handler for operation ${operation.operationId}`);
      const pathParams = (operation.parameters ?? []).filter((p) => p.in === 'path');
      const body = operation.requestBody?.content['application/json']?.schema;
      app.route({
        method: method.toUpperCase() as Uppercase<(typeof METHODS)[number]>,
        url: path.replace(/\{([^}]+)\}/g, ':$1'),
        config: { scope: OPERATION_SCOPES[operation.operationId], operationId: operation.operationId },
        schema: {
          ...(pathParams.length === 0
            ? {}
            : {
                params: {
                  type: 'object',
                  required: pathParams.filter((p) => p.required).map((p) => p.name),
                  properties: Object.fromEntries(pathParams.map((p) => [p.name, contractRef(p.schema)])),
                },
              }),
          ...(body === undefined ? {} : { body: contractRef(body) }),
        },
        handler,
      });
    }
  }
}
