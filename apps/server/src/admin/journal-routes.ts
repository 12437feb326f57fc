/** The journal's operations: list with filters, find with a matcher, empty it. */
import { type adminComponents, adminDocument, type RequestMatcher } from '@assistant-platform/types/admin';
import type { AdminDeps, AdminHandlers } from './admin-deps.js';

type Schemas = adminComponents['schemas'];

/** `limit`'s declared default, read from the contract rather than copied. */
const DEFAULT_LIMIT = (() => {
  const list = adminDocument.paths['/requests']?.get as {
    parameters: { name: string; schema: { default?: number } }[];
  };
  const declared = list.parameters.find((p) => p.name === 'limit')?.schema.default;
  if (declared === undefined) throw new Error('admin.yaml declares no default for listRequests limit');
  return declared;
})();

export function journalHandlers({
  journal,
}: AdminDeps): AdminHandlers<'listRequests' | 'clearRequests' | 'findRequests'> {
  return {
    async listRequests(request) {
      const { limit = DEFAULT_LIMIT, ...filter } = request.query as RequestMatcher & { limit?: number };
      const answer: Schemas['ListRequestsResponse'] = {
        success: true,
        message: 'Requests retrieved successfully',
        data: { requests: journal.list({ ...filter, limit }) },
      };
      return answer;
    },
    async clearRequests() {
      const answer: Schemas['ClearedResponse'] = {
        success: true,
        message: 'Cleared successfully',
        data: { removed: journal.clear() },
      };
      return answer;
    },
    async findRequests(request) {
      const answer: Schemas['FindRequestsResponse'] = {
        success: true,
        message: 'Requests found successfully',
        data: journal.find(request.body as RequestMatcher),
      };
      return answer;
    },
  };
}
