import { OPERATIONS, type OperationId } from '@assistant-platform/types';
import type { FastifyInstance, FastifyReply, FastifyRequest, preParsingAsyncHookHandler } from 'fastify';
import { ApiError } from '../contract/api-error.js';
import { localInFlightSlots, type TakeSlot } from '../shared/in-flight-leases.js';
import { whenClosed } from './response-listeners.js';
import { appendRouteHook } from './route-hooks.js';

/**
 * Caps the cost, not only the count, of one token's requests: a token may have only a few
 * requests in flight at once that keep something busy for seconds. Two kinds are: chat and
 * embeddings, which keep an engine (or an upstream model) busy (the operations the contract marks
 * `x-in-flight-limited`), and any request a fault holds open (a delay, a paced or cut stream: the
 * admin contract's `Fault` fields marked `x-in-flight-limited`), which keeps a connection and a
 * file descriptor busy; pipeline/faults/ takes the slot for those. Checked after authentication
 * and the scope check but before the body is read (and before a fault's delay), so a refused
 * request costs nothing; a request holds at most one slot, freed when its response ends or its
 * client goes away. A request no one authenticated (proxy mode) counts against its client's
 * address. The count lives in this process, or with REDIS_URL in the Redis every
 * instance shares (`shared`, see shared/in-flight-leases.ts).
 */
export interface InFlightSlots {
  /** Takes a slot of the request's token for as long as its response lasts; throws 429 when none is free. */
  hold(request: FastifyRequest, reply: FastifyReply): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The tokens' in-flight slots (plugins/tenancy-limits.ts): faults take one for a held request. */
    inFlight: InFlightSlots;
  }
}

export function inFlightSlots(maxPerToken: number, shared?: TakeSlot): InFlightSlots {
  const takeLocally = localInFlightSlots(maxPerToken);
  const take: TakeSlot = shared ?? (async (key) => takeLocally(key));
  const holding = new WeakSet<FastifyRequest>();
  return {
    async hold(request, reply) {
      if (holding.has(request)) return;
      holding.add(request);
      // In proxy mode no one is authenticated (the token is the target's): a fault's hold then
      // counts against the client's address.
      const key = request.auth?.tokenHash ?? `address:${request.ip}`;
      // The answer may close while Redis is being asked for the slot, or before this is called at
      // all (the client left while the request waited for its authentication).
      let closed = false;
      let release: (() => void) | undefined;
      whenClosed(reply.raw, () => {
        closed = true;
        release?.();
      });
      release = await take(key);
      // Nothing was counted: the token's own earlier work is still in flight (the busy message).
      if (release === undefined) throw ApiError.busy(1);
      if (closed) release();
    },
  };
}

/** The heavy operations' routes hold a slot: every other request pays nothing for it. */
export function registerInFlightLimit(app: FastifyInstance, slots: InFlightSlots): void {
  const limit: preParsingAsyncHookHandler = (request, reply) => slots.hold(request, reply);
  app.addHook('onRoute', (route) => {
    const operationId = (route.config as { operationId?: OperationId } | undefined)?.operationId;
    if (operationId && OPERATIONS[operationId].inFlightLimited) appendRouteHook(route, 'preParsing', limit);
  });
}
