/**
 * Room for the `close` listeners of an answer. Each stage that holds something for a request
 * listens for its answer's `close` (journal, admission, in-flight slot, disconnect, drain, and for
 * a stream its stall cut and pipe, and Fastify's own): up to eleven on a stream, a fixed number
 * and not a leak. Past Node's default of ten, each such answer would build and print a warning with
 * its stack on the event loop every account shares, so the answers of the routes that may stream,
 * and the proxy's (which forwards streams), get room for twenty. Any other answer has at most six.
 */
import type { FastifyContextConfig, FastifyInstance, onRequestHookHandler } from 'fastify';
import { appendRouteHook, mayStream } from './route-hooks.js';

const CLOSE_LISTENERS = 20;

const makeRoom: onRequestHookHandler = (_request, reply, done) => {
  reply.raw.setMaxListeners(CLOSE_LISTENERS);
  done();
};

export function registerResponseListenerRoom(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const config = route.config as FastifyContextConfig | undefined;
    if (config?.proxied || mayStream(config)) appendRouteHook(route, 'onRequest', makeRoom);
  });
}

/** A request or an answer: anything that says whether it has closed, and says so once. */
export interface Closable {
  readonly destroyed: boolean;
  once(event: 'close', listener: () => void): unknown;
}

/**
 * Calls `listener` once `stream` (an answer, or a request) has closed: at its `close` (after its
 * last byte, or when the connection drops), or at once when it has closed already. A stage that
 * runs after an await (the token's lookup, Redis) may find its client gone and the `close` past,
 * never to come again: what it would give back there (a slot, a count, a timer) must not stay
 * taken, and what it would cancel (an engine's work, a call to the target) must not go on.
 */
export function whenClosed(stream: Closable, listener: () => void): void {
  if (stream.destroyed) listener();
  else stream.once('close', listener);
}
