/**
 * Tokens without the CLI: create (answered once, only its hash is kept) and revoke, through the
 * same code as `token create|revoke` (db/token-issue.ts). The record's scopes are the contract's
 * `Scope`s: only those are accepted on the way in.
 *
 * An account's admin (admin-caller.ts) reaches its account's tokens only: another account is as
 * unknown (404), and `operator` is not its to give (403) nor are the operators' tokens that live
 * in its account its to revoke (404), so it can never take the whole server's administration, nor
 * take it from its operators. An operator reaches every token.
 */
import {
  ADMIN_DEFAULTS,
  type adminComponents,
  type TokenInput,
  type TokenRecord,
} from '@assistant-platform/types/admin';
import { ApiError } from '../contract/api-error.js';
import { issueToken, revokeToken } from '../db/token-issue.js';
import { isOperatorToken } from '../seed/account-state.js';
import { adminCallerOf } from './admin-caller.js';
import type { AdminDeps, AdminHandlers } from './admin-deps.js';

type Schemas = adminComponents['schemas'];

export function tokenHandlers({
  store,
}: AdminDeps): AdminHandlers<'createToken' | 'revokeToken' | 'describeCaller'> {
  return {
    async createToken(request, reply) {
      const input = request.body as TokenInput;
      const caller = adminCallerOf(request);
      const scopes = input.scopes ?? [...ADMIN_DEFAULTS.TokenInput.scopes];
      if (caller.view === 'account') {
        if (input.accountId !== caller.accountId) throw new ApiError(404);
        if (isOperatorToken({ scopes })) throw new ApiError(403);
      }
      const issued = await issueToken(store.repos, {
        accountId: input.accountId,
        name: input.name ?? ADMIN_DEFAULTS.TokenInput.name,
        scopes,
      });
      if (!issued) throw new ApiError(404);
      const answer: Schemas['TokenCreatedResponse'] = {
        success: true,
        message: 'Token created successfully',
        data: { token: issued.token, record: issued.record as TokenRecord },
      };
      return reply.code(201).send(answer);
    },
    async revokeToken(request) {
      const { id } = request.params as { id: number };
      const caller = adminCallerOf(request);
      if (caller.view === 'account') {
        const target = (await store.repos.tokens.list()).find((row) => row.id === id);
        if (!target || target.accountId !== caller.accountId || isOperatorToken(target))
          throw new ApiError(404);
      }
      const record = await revokeToken(store.repos, id);
      if (!record) throw new ApiError(404);
      const answer: Schemas['TokenRevokedResponse'] = {
        success: true,
        message: 'Token revoked successfully',
        data: record as TokenRecord,
      };
      return answer;
    },
    async describeCaller(request) {
      const { view, accountId, auth } = adminCallerOf(request);
      const answer: Schemas['CallerResponse'] = {
        success: true,
        message: 'Caller retrieved successfully',
        data: {
          view,
          accountId,
          tokenId: auth.tokenId,
          tokenName: auth.tokenName,
          scopes: auth.scopes as Schemas['Scope'][],
        },
      };
      return answer;
    },
  };
}
