import { OPERATIONS, type OperationId } from '@assistant-platform/types';
import type { FastifyInstance, preParsingAsyncHookHandler } from 'fastify';
import { ApiError } from '../contract/api-error.js';

/**
 * Caps the cost, not only the count, of one token's requests: chat and embeddings keep an engine
 * (or an upstream model) busy for seconds, so a token may have only a few of them in flight at
 * once (the operations the contract marks `x-in-flight-limited`). Checked after authentication and the scope check but before the body is read, so a refused
 * request costs nothing; a slot is freed when its response ends or its client goes away.
 */

export function registerInFlightLimit(app: FastifyInstance, maxPerToken: number): void {
  const inFlight = new Map<string, number>();
  const limit: preParsingAsyncHookHandler = async (request, reply) => {
    if (!request.auth) return;
    const key = request.auth.tokenHash;
    const count = inFlight.get(key) ?? 0;
    if (count >= maxPerToken) throw new ApiError(429, [], 1);
    inFlight.set(key, count + 1);
    // `close` comes once for every response: after the last byte, or when the connection drops.
    reply.raw.once('close', () => {
      const left = (inFlight.get(key) ?? 1) - 1;
      if (left > 0) inFlight.set(key, left);
      else inFlight.delete(key);
    });
  };
  // Only the heavy operations' routes carry the hook: every other request pays nothing for it.
  app.addHook('onRoute', (route) => {
    const operationId = (route.config as { operationId?: OperationId } | undefined)?.operationId;
    if (!operationId || !OPERATIONS[operationId].inFlightLimited) return;
    const existing = route.preParsing ?? [];
    route.preParsing = [...(Array.isArray(existing) ? existing : [existing]), limit];
  });
}
