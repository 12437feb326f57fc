/**
 * The journal's operations: list with filters, find with a matcher, empty it; each reaching what
 * its caller administers (admin-caller.ts): an account's admin its account's entries, an operator
 * every entry.
 */
import { ADMIN_OPERATIONS, type adminComponents, type RequestMatcher } from '@assistant-platform/types/admin';
import { adminCallerOf } from './admin-caller.js';
import type { AdminDeps, AdminHandlers } from './admin-deps.js';

type Schemas = adminComponents['schemas'];

const DEFAULT_LIMIT = ADMIN_OPERATIONS.listRequests.queryDefaults.limit;

export function journalHandlers({
  journal,
}: AdminDeps): AdminHandlers<'listRequests' | 'clearRequests' | 'findRequests'> {
  return {
    async listRequests(request) {
      const { limit = DEFAULT_LIMIT, ...filter } = request.query as RequestMatcher & { limit?: number };
      const answer: Schemas['ListRequestsResponse'] = {
        success: true,
        message: 'Requests retrieved successfully',
        data: { requests: await journal.list(adminCallerOf(request).reach, { ...filter, limit }) },
      };
      return answer;
    },
    async clearRequests(request) {
      const answer: Schemas['ClearedResponse'] = {
        success: true,
        message: 'Cleared successfully',
        data: { removed: await journal.clear(adminCallerOf(request).reach) },
      };
      return answer;
    },
    async findRequests(request) {
      const answer: Schemas['FindRequestsResponse'] = {
        success: true,
        message: 'Requests found successfully',
        data: await journal.find(adminCallerOf(request).reach, request.body as RequestMatcher),
      };
      return answer;
    },
  };
}
