/** The violations summary's operations: read it, empty it. */
import type { adminComponents } from '@assistant-platform/types/admin';
import type { AdminDeps, AdminHandlers } from './admin-deps.js';

type Schemas = adminComponents['schemas'];

export function violationHandlers({
  violations,
}: AdminDeps): AdminHandlers<'summarizeViolations' | 'clearViolations'> {
  return {
    async summarizeViolations() {
      const answer: Schemas['ViolationSummaryResponse'] = {
        success: true,
        message: 'Violations retrieved successfully',
        data: await violations.summary(),
      };
      return answer;
    },
    async clearViolations() {
      const answer: Schemas['ClearedResponse'] = {
        success: true,
        message: 'Cleared successfully',
        data: { removed: await violations.clear() },
      };
      return answer;
    },
  };
}
