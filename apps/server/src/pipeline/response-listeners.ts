/**
 * Room for the `close` listeners of an answer. Each stage that holds something for a request
 * listens for its answer's `close` (journal, admission, in-flight slot, fault, disconnect, drain,
 * and for a stream its stall cut and pipe, and Fastify's own): up to eleven, a fixed number and
 * not a leak. Past Node's default of ten, each such answer would build and print a warning with
 * its stack on the event loop every account shares, so every answer gets room for twenty.
 */
import type { FastifyInstance } from 'fastify';

const CLOSE_LISTENERS = 20;

export function registerResponseListenerRoom(app: FastifyInstance): void {
  app.addHook('onRequest', (_request, reply, done) => {
    reply.raw.setMaxListeners(CLOSE_LISTENERS);
    done();
  });
}
