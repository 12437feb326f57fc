/**
 * What each tRPC call sees: the caller's token and request id (taken from the HTTP request once,
 * shared by every call of a batch), the headers to pass upstream, and the gateway's services.
 */
import { bearerToken } from '@assistant-platform/types';
import type { CreateFastifyContextOptions } from '@trpc/server/adapters/fastify';
import type { AgentCache } from '../upstream/agent-cache.js';
import type { PlatformClientFactory } from '../upstream/platform-client.js';

export interface GatewayServices {
  platformFor: PlatformClientFactory;
  agentCache: AgentCache;
}

export interface GatewayContext {
  requestId: string;
  /** The HTTP method the call came with (tRPC takes queries and subscriptions by GET or POST). */
  method: string;
  /** The bearer token of the caller, forwarded upstream; `undefined` when none was sent. */
  token: string | undefined;
  /** Sent with every upstream call made for this request. */
  upstreamHeaders: Record<string, string>;
  services: GatewayServices;
}

export function createContextFactory(services: GatewayServices) {
  return ({ req }: CreateFastifyContextOptions): GatewayContext => {
    // A header the platform would refuse (not `Bearer <token68>`) is no token at all.
    const token = bearerToken(req.headers.authorization);
    const upstreamHeaders: Record<string, string> = { 'x-request-id': req.id };
    // `Prefer: code=NNN` makes the reference server answer that error; passing it on lets product
    // teams rehearse their error handling through the gateway too.
    const prefer = req.headers.prefer;
    if (typeof prefer === 'string' && prefer !== '') upstreamHeaders.prefer = prefer;
    return { requestId: req.id, method: req.method, token, upstreamHeaders, services };
  };
}
