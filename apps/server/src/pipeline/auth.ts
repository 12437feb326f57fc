import { bearerToken, grants } from '@assistant-platform/types';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../contract/api-error.js';
import type { TokensRepo } from '../db/store.js';
import { hashToken } from '../db/token-hash.js';
import type { AuthFailureLimit } from './auth-failure-limit.js';
import { timed } from './server-timing.js';

/**
 * Authentication runs in `onRequest` and the scope check in `preParsing`, both before Fastify parses
 * and validates the body, so the order of checks is 401 → (429) → 403 → 400. The rate limiter's own
 * `onRequest` hook is route-level and so runs after this instance-level one, keyed by the token.
 *
 * Failed authentications are limited per client address (auth-failure-limit.ts) without ever
 * refusing a valid token: a request without a bearer token is a 401 that guesses nothing and costs
 * no lookup, so it is not counted; a token is always looked up, and a valid one is served whatever
 * its address did. An address over its budget has its lookups made one at a time, and a token that
 * fails one answers 429 (with the limit's headers) rather than 401.
 */
export function registerAuthHooks(
  app: FastifyInstance,
  tokens: TokensRepo,
  failures: AuthFailureLimit,
): void {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request, reply) => {
    if (!request.routeOptions.config.scope) return;
    // A header that is not `Bearer <token68>` is as unauthorised as an unknown token.
    const token = bearerToken(request.headers.authorization);
    if (token === undefined) throw new ApiError(401);
    const tokenHash = hashToken(token);
    const retryAfter = failures.retryAfterSeconds(request.ip);
    const lookup = () => timed(request, 'auth', () => tokens.findActiveByHash(tokenHash));
    const row = await (retryAfter === undefined ? lookup() : failures.inTurn(request.ip, lookup));
    if (row) {
      request.auth = {
        tokenId: row.id,
        accountId: row.accountId,
        tokenName: row.name,
        tokenHash,
        scopes: row.scopes,
      };
      return;
    }
    if (retryAfter === undefined) {
      failures.recordFailure(request.ip);
      throw new ApiError(401);
    }
    reply.headers({
      'ratelimit-limit': String(failures.options.max),
      'ratelimit-remaining': '0',
      'ratelimit-reset': String(retryAfter),
    });
    throw new ApiError(429, [], retryAfter);
  });
  app.addHook('preParsing', (request, _reply, payload, done) => {
    const scope = request.routeOptions.config.scope;
    if (scope && request.auth && !grants(request.auth.scopes, scope)) return done(new ApiError(403));
    done(null, payload);
  });
}

/** The caller's account on an authenticated route (the onRequest hook guarantees one). */
export function accountOf(request: FastifyRequest): number {
  if (!request.auth) throw new ApiError(401);
  return request.auth.accountId;
}
