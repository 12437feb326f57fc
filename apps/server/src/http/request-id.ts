import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

const CLIENT_ID = /^[\x21-\x7e]{1,128}$/;

/** Fastify's `genReqId`: the client's own `x-request-id` when well-formed, else a new UUID. */
export function requestIdOf(raw: IncomingMessage): string {
  const sent = raw.headers['x-request-id'];
  return typeof sent === 'string' && CLIENT_ID.test(sent) ? sent : randomUUID();
}

/** Every response, errors and 404s included, carries the request's id. */
export function registerRequestIdHeader(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
}
