/**
 * Whose work a request's queued tasks are (see the fair queue of @assistant-platform/engines): its
 * account, and its token inside the account, once authentication has found them. Before that, or
 * where the server does not authenticate (the proxy: the target does), the bearer token itself
 * stands for the tenant (hashed: a key that reaches memory and logs is never a token), and a
 * request without one is its client address's.
 */
import type { Tenant } from '@assistant-platform/engines/fair-queue';
import { bearerToken } from '@assistant-platform/types';
import type { FastifyRequest } from 'fastify';
import { hashToken } from '../db/token-hash.js';

export function tenantOf(request: FastifyRequest): Tenant {
  if (request.auth) return { account: `account:${request.auth.accountId}`, token: request.auth.tokenHash };
  const token = bearerToken(request.headers.authorization);
  if (token !== undefined) {
    const key = `token:${hashToken(token)}`;
    return { account: key, token: key };
  }
  return { account: `address:${request.ip}`, token: request.ip };
}
