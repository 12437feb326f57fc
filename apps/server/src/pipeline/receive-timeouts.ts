import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../config/load-config.js';
import { clientErrorHandler, type Exchange } from './client-errors.js';

// Node's own default: an idle keep-alive connection is a file descriptor held for nothing, and
// Fastify's 72 s lets thousands of them pile up.
const KEEP_ALIVE_TIMEOUT_MS = 5_000;

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
    keepAliveTimeout: Math.min(KEEP_ALIVE_TIMEOUT_MS, timeouts.headersMs),
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
