import type { FastifyInstance } from 'fastify';

/** Every response, errors and 404s included, carries the request's id. */
export function registerRequestIdHeader(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
}
