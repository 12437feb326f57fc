import rateLimit, { type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../contract/api-error.js';

/**
 * Per-token limits: the key is the token's hash (set by the auth hook, which runs first), so one
 * token's burst never limits another. Draft-spec headers give `RateLimit-*` and `Retry-After`.
 * Routes without a scope (docs, health) opt out with `config.rateLimit: false`. The counters live
 * in this process, or with REDIS_URL in the Redis every instance shares (the `store` of
 * shared/rate-limit-store.ts).
 */
export async function registerRateLimit(
  app: FastifyInstance,
  options: { max: number; windowMs: number },
  store?: FastifyRateLimitStoreCtor,
) {
  await app.register(rateLimit, {
    global: true,
    max: options.max,
    timeWindow: options.windowMs,
    hook: 'onRequest',
    enableDraftSpec: true,
    keyGenerator: (request) => request.auth?.tokenHash ?? `ip:${request.ip}`,
    errorResponseBuilder: () => new ApiError(429),
    ...(store === undefined ? {} : { store }),
  });
}
