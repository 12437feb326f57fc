import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../config/load-config.js';
import { clientErrorHandler, type Exchange } from './client-errors.js';

/**
 * The Fastify and Node server options that bound how long a client may take to send a request, so
 * a slow or silent client cannot hold a connection (and a file descriptor) forever. They bound
 * receiving only: once the request is in, a long answer (a chat stream) is never cut. No idle
 * socket timeout (`connectionTimeout`) is set for the same reason.
 */
export function receiveTimeouts(timeouts: ServerConfig['timeouts']) {
  const lastExchange = new WeakMap<Socket, Exchange>();
  const serverOptions = {
    requestTimeout: timeouts.requestMs,
    // KEEP_ALIVE_TIMEOUT_MS: 5 s by default, Node's own (an idle connection is a file descriptor held
    // for nothing, and Fastify's 72 s lets thousands of them pile up); behind a balancer, longer than
    // the balancer keeps its idle connections to the server (65 s in compose.yaml, see
    // deploy/haproxy.cfg), so the server never closes one the balancer is sending a request on.
    keepAliveTimeout: timeouts.keepAliveMs,
    http: {
      headersTimeout: timeouts.headersMs,
      requestTimeout: timeouts.requestMs,
      // Node checks the deadlines on this interval (30 s by default), so a 30 s limit could take
      // 60 s to act; checking every second keeps each limit within a second of its value.
      connectionsCheckingInterval: Math.min(1_000, timeouts.headersMs),
    },
    clientErrorHandler: clientErrorHandler(timeouts, (socket) => lastExchange.get(socket)),
  };
  /** Call once the app exists: remembers each connection's latest request for the error handler. */
  const watch = (app: FastifyInstance) => {
    app.server.on('request', (request: IncomingMessage, response: ServerResponse) =>
      lastExchange.set(request.socket, { request, response }),
    );
  };
  return { serverOptions, watch };
}
