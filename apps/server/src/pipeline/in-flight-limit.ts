import { OPERATIONS, type OperationId } from '@assistant-platform/types';
import type { FastifyInstance, preParsingAsyncHookHandler } from 'fastify';
import { ApiError } from '../contract/api-error.js';
import { localInFlightSlots, type TakeSlot } from '../shared/in-flight-leases.js';

/**
 * Caps the cost, not only the count, of one token's requests: chat and embeddings keep an engine
 * (or an upstream model) busy for seconds, so a token may have only a few of them in flight at
 * once (the operations the contract marks `x-in-flight-limited`). Checked after authentication and the scope check but before the body is read, so a refused
 * request costs nothing; a slot is freed when its response ends or its client goes away. The
 * count lives in this process, or with REDIS_URL in the Redis every instance shares (`shared`,
 * see shared/in-flight-leases.ts).
 */

export function registerInFlightLimit(app: FastifyInstance, maxPerToken: number, shared?: TakeSlot): void {
  const takeLocally = localInFlightSlots(maxPerToken);
  const take: TakeSlot = shared ?? (async (key) => takeLocally(key));
  const limit: preParsingAsyncHookHandler = async (request, reply) => {
    if (!request.auth) return;
    // `close` comes once for every response: after the last byte, or when the connection drops,
    // which may be while Redis is being asked for the slot.
    let closed = false;
    let release: (() => void) | undefined;
    reply.raw.once('close', () => {
      closed = true;
      release?.();
    });
    release = await take(request.auth.tokenHash);
    // Nothing was counted: the token's own earlier work is still in flight (the busy message).
    if (release === undefined) throw ApiError.busy(1);
    if (closed) release();
  };
  // Only the heavy operations' routes carry the hook: every other request pays nothing for it.
  app.addHook('onRoute', (route) => {
    const operationId = (route.config as { operationId?: OperationId } | undefined)?.operationId;
    if (!operationId || !OPERATIONS[operationId].inFlightLimited) return;
    const existing = route.preParsing ?? [];
    route.preParsing = [...(Array.isArray(existing) ? existing : [existing]), limit];
  });
}
