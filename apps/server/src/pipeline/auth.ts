import { bearerToken, grants } from '@assistant-platform/types';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../contract/api-error.js';
import type { AuthContext } from '../contract/fastify-types.js';
import type { TokensRepo } from '../db/store.js';
import { hashToken } from '../db/token-hash.js';
import type { AuthFailureLimit } from './auth-failure-limit.js';

async function authenticate(request: FastifyRequest, tokens: TokensRepo): Promise<AuthContext> {
  // A header that is not `Bearer <token68>` is as unauthorised as an unknown token.
  const token = bearerToken(request.headers.authorization);
  if (token === undefined) throw new ApiError(401);
  const tokenHash = hashToken(token);
  const row = await tokens.findActiveByHash(tokenHash);
  if (!row) throw new ApiError(401);
  return { tokenId: row.id, accountId: row.accountId, tokenName: row.name, tokenHash, scopes: row.scopes };
}

/**
 * Authentication runs in `onRequest` and the scope check in `preParsing`, both before Fastify parses
 * and validates the body, so the order of checks is 401 → (429) → 403 → 400. The rate limiter's own
 * `onRequest` hook is route-level and so runs after this instance-level one, keyed by the token.
 * An address over its budget of failed authentications answers 429 before its token is even read.
 */
export function registerAuthHooks(
  app: FastifyInstance,
  tokens: TokensRepo,
  failures: AuthFailureLimit,
): void {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request, reply) => {
    if (!request.routeOptions.config.scope) return;
    const retryAfter = failures.retryAfterSeconds(request.ip);
    if (retryAfter !== undefined) {
      reply.headers({
        'ratelimit-limit': String(failures.options.max),
        'ratelimit-remaining': '0',
        'ratelimit-reset': String(retryAfter),
      });
      throw new ApiError(429, [], retryAfter);
    }
    try {
      request.auth = await authenticate(request, tokens);
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) failures.recordFailure(request.ip);
      throw error;
    }
  });
  app.addHook('preParsing', async (request) => {
    const scope = request.routeOptions.config.scope;
    if (!scope || !request.auth) return;
    if (!grants(request.auth.scopes, scope)) throw new ApiError(403);
  });
}

/** The caller's account on an authenticated route (the onRequest hook guarantees one). */
export function accountOf(request: FastifyRequest): number {
  if (!request.auth) throw new ApiError(401);
  return request.auth.accountId;
}
