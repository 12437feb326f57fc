import type { FastifyInstance } from 'fastify';

/**
 * Every response, errors and 404s included, carries the request's id. A callback hook: an async
 * one costs every request a promise and a turn of the microtask queue for one synchronous line.
 */
export function registerRequestIdHeader(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
}
