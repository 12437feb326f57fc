/** The fault rules' operations, over the app's FaultRules store. */
import type { adminComponents, FaultRule, FaultRuleInput } from '@assistant-platform/types/admin';
import { ApiError } from '../contract/api-error.js';
import type { AdminDeps, AdminHandlers } from './admin-deps.js';

type Schemas = adminComponents['schemas'];

const saved = (rule: FaultRule): Schemas['FaultRuleResponse'] => ({
  success: true,
  message: 'Fault rule saved successfully',
  data: rule,
});

export function faultHandlers({
  faultRules,
}: AdminDeps): AdminHandlers<'listFaults' | 'addFault' | 'clearFaults' | 'removeFault'> {
  return {
    async listFaults() {
      const answer: Schemas['ListFaultsResponse'] = {
        success: true,
        message: 'Faults retrieved successfully',
        data: { faults: await faultRules.list() },
      };
      return answer;
    },
    async addFault(request, reply) {
      return reply.code(201).send(saved(await faultRules.add(request.body as FaultRuleInput)));
    },
    async clearFaults() {
      const answer: Schemas['ClearedResponse'] = {
        success: true,
        message: 'Cleared successfully',
        data: { removed: await faultRules.clear() },
      };
      return answer;
    },
    async removeFault(request) {
      const removed = await faultRules.remove((request.params as { id: number }).id);
      if (!removed) throw new ApiError(404);
      return saved(removed);
    },
  };
}
