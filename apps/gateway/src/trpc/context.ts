/**
 * What each tRPC call sees: the caller's token and request id (taken from the HTTP request once,
 * shared by every call of a batch), the headers to pass upstream, the caller's `Idempotency-Key`,
 * and the gateway's services.
 */
import { bearerToken, IDEMPOTENCY_KEY_HEADER } from '@assistant-platform/types';
import type { CreateFastifyContextOptions } from '@trpc/server/adapters/fastify';
import type { AgentCache } from '../upstream/agent-cache.js';
import type { PlatformClientFactory } from '../upstream/platform-client.js';

export interface GatewayServices {
  platformFor: PlatformClientFactory;
  agentCache: AgentCache;
  /**
   * Counts one call by procedure and outcome (metrics). A plain function, not prom-client's types:
   * this context's type reaches product teams through the gateway client's inlined AppRouter.
   */
  countCall(procedure: string, outcome: string): void;
}

export interface GatewayContext {
  requestId: string;
  /** The HTTP method the call came with (tRPC takes queries and subscriptions by GET or POST). */
  method: string;
  /** The bearer token of the caller, forwarded upstream; `undefined` when none was sent. */
  token: string | undefined;
  /** Sent with every upstream call made for this request. */
  upstreamHeaders: Record<string, string>;
  /**
   * The caller's `Idempotency-Key`, for the platform writes of this request (see
   * upstream/write-options.ts); `undefined` when none was sent.
   */
  idempotencyKey: string | undefined;
  /** How many calls the HTTP request carries (a batch carries several). */
  calls: number;
  /**
   * The platform's `Deprecation`, `Sunset` and `Link` headers of this request's calls, answered to
   * the caller in turn (http/app.ts): the gateway passes a deprecation on rather than hiding it.
   */
  deprecationHeaders: Record<string, string>;
  /**
   * With tracing on, starts a span for one call under the request's (trpc/init.ts); its
   * `traceparent` goes upstream with the call. A plain function type: this context's type reaches
   * product teams through the gateway client's AppRouter.
   */
  traceCall: TraceCall | undefined;
  services: GatewayServices;
}

export type TraceCall = (
  name: string,
  attributes: Record<string, string>,
) => { traceparent: string; end(outcome?: { error?: unknown; attributes?: Record<string, string> }): void };

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by http/app.ts while tracing is on. */
    traceCall?: TraceCall;
  }
}

export function createContextFactory(services: GatewayServices) {
  return ({ req, info }: CreateFastifyContextOptions): GatewayContext => {
    // A header the platform would refuse (not `Bearer <token68>`) is no token at all.
    const token = bearerToken(req.headers.authorization);
    const upstreamHeaders: Record<string, string> = { 'x-request-id': req.id };
    // `Prefer: code=NNN` makes the reference server answer that error; passing it on lets product
    // teams rehearse their error handling through the gateway too.
    const prefer = req.headers.prefer;
    if (typeof prefer === 'string' && prefer !== '') upstreamHeaders.prefer = prefer;
    const key = req.headers[IDEMPOTENCY_KEY_HEADER];
    return {
      requestId: req.id,
      method: req.method,
      token,
      upstreamHeaders,
      idempotencyKey: typeof key === 'string' ? key : undefined,
      calls: info.calls.length,
      deprecationHeaders: {},
      traceCall: req.traceCall,
      services,
    };
  };
}
