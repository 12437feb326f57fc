/**
 * Feeds the server's metrics from Fastify's hooks, so no stage of the pipeline knows of them:
 * every answer is counted by operation and status with its duration (`onResponse`), a refusal by
 * its reason (`onError`, which sees the error before the error handler turns it into an envelope),
 * and a Server-Sent Events answer while it is open and when its first event is written (`onSend` of
 * the routes that may stream, as the journal watches a stream: what reaches the connection,
 * whichever stage paced it).
 *
 * A refusal's reason is read from what refused it: no token or an unknown one (401), a scope the
 * token lacks (403), the busy 429 (in-flight work or a full queue), the failed-authentication
 * limit's 429 (no token authenticated), and the per-token rate limit's (authenticated, and no
 * Retry-After of its own). A status a fault asked for is the fault's, not a refusal.
 */
import type { ServerResponse } from 'node:http';
import type { Readable } from 'node:stream';
import { EngineError } from '@assistant-platform/engines/types';
import type { FastifyInstance, FastifyReply, FastifyRequest, onSendHookHandler } from 'fastify';
import { ApiError } from '../../contract/api-error.js';
import { whenClosed } from '../response-listeners.js';
import { answersEventStream, appendRouteHook, isStream, onStreamRoutes } from '../route-hooks.js';
import type { RefusalReason, ServerMetrics } from './server-metrics.js';

/** The label of a request's operation: one of the contracts' operationIds, or what kind of route it hit. */
function operationOf(request: FastifyRequest): string {
  const { config } = request.routeOptions;
  if (config.operationId !== undefined) return config.operationId;
  if (config.adminOperationId !== undefined) return config.adminOperationId;
  if (config.proxied) return 'proxy';
  return request.is404 ? 'unmatched' : 'other';
}

function refusalOf(request: FastifyRequest, error: Error): RefusalReason | undefined {
  if (request.fault?.fault.code !== undefined) return undefined;
  if (error instanceof EngineError) return error.status === 429 && error.details.busy ? 'busy' : undefined;
  if (!(error instanceof ApiError)) return undefined;
  if (error.status === 401) return 'unauthenticated';
  if (error.status === 403) return 'forbidden';
  if (error.status !== 429) return undefined;
  if (error.busy) return 'busy';
  if (request.auth === null) return 'auth_failure_limit';
  return error.retryAfterSeconds === undefined ? 'rate_limit' : undefined;
}

/**
 * Counts an event stream as open until it closes, and times its first write. The stream's own
 * `close` is listened to, not the connection's: Fastify destroys the stream when the connection
 * goes, and the connection already has the listeners of every stage that watches it.
 */
function watchStream(metrics: ServerMetrics, reply: FastifyReply, stream: Readable): void {
  metrics.openStreams.inc();
  const response = reply.raw;
  stream.once('close', () => metrics.openStreams.dec());
  // Wrapped for good rather than put back after the first write: the journal wraps it too.
  const { write } = response;
  let first = true;
  response.write = function (this: ServerResponse, ...args: unknown[]) {
    if (first) {
      first = false;
      metrics.firstEvent.observe(reply.elapsedTime / 1000);
    }
    return (write as (...args: unknown[]) => boolean).apply(this, args);
  } as ServerResponse['write'];
}

/** A short planned answer's events, written as one buffer right after this hook. */
function watchOneWriteStream(metrics: ServerMetrics, reply: FastifyReply): void {
  metrics.openStreams.inc();
  metrics.firstEvent.observe(reply.elapsedTime / 1000);
  whenClosed(reply.raw, () => metrics.openStreams.dec());
}

export function registerMetricsHooks(app: FastifyInstance, metrics: ServerMetrics): void {
  app.addHook('onError', (request, _reply, error, done) => {
    const reason = refusalOf(request, error);
    if (reason !== undefined) metrics.refusals.inc({ reason });
    done();
  });
  const watchStreams: onSendHookHandler = (_request, reply, payload, done) => {
    if (answersEventStream(reply)) {
      if (isStream(payload)) watchStream(metrics, reply, payload);
      else watchOneWriteStream(metrics, reply);
    }
    done(null, payload);
  };
  onStreamRoutes(app, (route) => appendRouteHook(route, 'onSend', watchStreams));
  app.addHook('onResponse', (request, reply, done) => {
    const operation = operationOf(request);
    metrics.requests.inc({ operation, status: reply.statusCode });
    metrics.duration.observe({ operation }, reply.elapsedTime / 1000);
    done();
  });
}
