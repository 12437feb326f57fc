import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { isClientRequestId } from '@assistant-platform/types';
import type { FastifyInstance } from 'fastify';

/** Fastify's `genReqId`: the client's own `x-request-id` when the contract allows it, else a new UUID. */
export function requestIdOf(raw: IncomingMessage): string {
  const sent = raw.headers['x-request-id'];
  return isClientRequestId(sent) ? sent : randomUUID();
}

/** Every response, errors and 404s included, carries the request's id. */
export function registerRequestIdHeader(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
}
