/** The journal's operations: list with filters, find with a matcher, empty it. */
import { ADMIN_OPERATIONS, type adminComponents, type RequestMatcher } from '@assistant-platform/types/admin';
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
        data: { requests: await journal.list({ ...filter, limit }) },
      };
      return answer;
    },
    async clearRequests() {
      const answer: Schemas['ClearedResponse'] = {
        success: true,
        message: 'Cleared successfully',
        data: { removed: await journal.clear() },
      };
      return answer;
    },
    async findRequests(request) {
      const answer: Schemas['FindRequestsResponse'] = {
        success: true,
        message: 'Requests found successfully',
        data: await journal.find(request.body as RequestMatcher),
      };
      return answer;
    },
  };
}
