import { ContractValidationError, IDEMPOTENCY_KEY_HEADER, OPERATIONS } from '@assistant-platform/types';
import { parseJsonBody } from '@assistant-platform/types/validation';
import type { FastifyContextConfig, FastifyInstance } from 'fastify';
import { ApiError } from '../../contract/api-error.js';
import { parseIssues, validatedBodies } from '../../contract/contract-routes.js';
import { tenantOf } from '../request-tenant.js';
import { type BodyPool, OFFLOAD_BYTES } from './body-pool.js';
import type { BodyOperation } from './body-worker.js';
import { canonicalHash } from './canonical-hash.js';

/**
 * Replaces Fastify's JSON parser. Every body goes through the contract's `parseJsonBody` (UTF-8,
 * depth, poisoning keys, lone surrogates). A large body of a contract operation (the platform's or
 * the admin API's) is parsed and validated on a body worker instead, so a multi-megabyte text never
 * holds the event loop. The bytes as received go to the journal, when it records the request (for
 * a large body, a copy cut to the journal's bound, as its bytes move to the worker). A body sent
 * with an `Idempotency-Key` to an operation that takes one is hashed as received
 * (`request.bodyHash`, see canonical-hash.ts), on the worker when it is large. A large body waits
 * for a worker in its account's turn (see body-pool.ts).
 */
function bodyOperationOf({ operationId, adminOperationId }: FastifyContextConfig): BodyOperation | undefined {
  if (operationId) return { contract: 'platform', operationId };
  if (adminOperationId) return { contract: 'admin', operationId: adminOperationId };
  return undefined;
}

export function registerJsonBodyParser(app: FastifyInstance, bodies?: BodyPool): void {
  // JSON only: any other media type (text/plain included) is answered 400 by the error handler.
  app.decorateRequest('bodyHash', null);
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    const bytes = body as Buffer;
    const { config } = request.routeOptions;
    const operation = bodyOperationOf(config);
    const hash =
      request.headers[IDEMPOTENCY_KEY_HEADER] !== undefined &&
      config.operationId !== undefined &&
      OPERATIONS[config.operationId].idempotencyKey;
    if (bodies && operation && bytes.length >= OFFLOAD_BYTES) {
      // The bytes move to the worker (body-pool.ts): the journal keeps its own cut copy.
      request.journal?.keepRequestBodyCopy(bytes);
      bodies.validate(tenantOf(request), operation, bytes, hash).then(
        ({ value, bodyHash }) => {
          validatedBodies.add(value as object);
          request.bodyHash = bodyHash;
          done(null, value);
        },
        (error: Error) => done(error, undefined),
      );
      return;
    }
    if (request.journal) request.journal.requestBody = bytes;
    try {
      const { value, issues } = parseJsonBody(bytes);
      if (hash) request.bodyHash = canonicalHash(value);
      if (issues.length > 0) {
        // Listed by the route's validation with every other bad field; a bare value has no other.
        if (value === null || typeof value !== 'object') throw new ApiError(400, issues);
        parseIssues.set(value, issues);
      }
      done(null, value);
    } catch (error) {
      done(
        error instanceof ContractValidationError ? new ApiError(400, error.issues) : (error as Error),
        undefined,
      );
    }
  });
}
