/**
 * Tokens without the CLI: create (answered once, only its hash is kept) and revoke, through the
 * same code as `token create|revoke` (db/token-issue.ts). The record's scopes are the contract's
 * `Scope`s: only those are accepted on the way in.
 */
import {
  ADMIN_DEFAULTS,
  type adminComponents,
  type TokenInput,
  type TokenRecord,
} from '@assistant-platform/types/admin';
import { ApiError } from '../contract/api-error.js';
import { issueToken, revokeToken } from '../db/token-issue.js';
import type { AdminDeps, AdminHandlers } from './admin-deps.js';

type Schemas = adminComponents['schemas'];

export function tokenHandlers({ store }: AdminDeps): AdminHandlers<'createToken' | 'revokeToken'> {
  return {
    async createToken(request, reply) {
      const input = request.body as TokenInput;
      const issued = await issueToken(store.repos, {
        accountId: input.accountId,
        name: input.name ?? ADMIN_DEFAULTS.TokenInput.name,
        scopes: input.scopes ?? [...ADMIN_DEFAULTS.TokenInput.scopes],
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
      const record = await revokeToken(store.repos, (request.params as { id: number }).id);
      if (!record) throw new ApiError(404);
      const answer: Schemas['TokenRevokedResponse'] = {
        success: true,
        message: 'Token revoked successfully',
        data: record as TokenRecord,
      };
      return answer;
    },
  };
}
