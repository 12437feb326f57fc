/**
 * The fault rules' operations, over the app's FaultRules store, each reaching what its caller
 * administers (admin-caller.ts): an account's admin adds, lists, edits and removes its account's
 * rules, an operator rules for every request and every rule (an edit keeps a rule's account).
 */
import type {
  adminComponents,
  FaultRule,
  FaultRuleInput,
  FaultRulePatch,
} from '@assistant-platform/types/admin';
import { ApiError } from '../contract/api-error.js';
import { adminCallerOf } from './admin-caller.js';
import type { AdminDeps, AdminHandlers } from './admin-deps.js';

type Schemas = adminComponents['schemas'];

const saved = (rule: FaultRule): Schemas['FaultRuleResponse'] => ({
  success: true,
  message: 'Fault rule saved successfully',
  data: rule,
});

/** The operations of fault rules: all of them answer 501 while FEATURES_OFF names faults. */
export const FAULT_OPERATIONS = [
  'listFaults',
  'addFault',
  'clearFaults',
  'updateFault',
  'removeFault',
] as const;

export function faultHandlers({ faultRules }: AdminDeps): AdminHandlers<(typeof FAULT_OPERATIONS)[number]> {
  return {
    async listFaults(request) {
      const answer: Schemas['ListFaultsResponse'] = {
        success: true,
        message: 'Faults retrieved successfully',
        data: { faults: await faultRules.list(adminCallerOf(request).reach) },
      };
      return answer;
    },
    async addFault(request, reply) {
      const rule = await faultRules.add(request.body as FaultRuleInput, adminCallerOf(request).owner);
      return reply.code(201).send(saved(rule));
    },
    async clearFaults(request) {
      const answer: Schemas['ClearedResponse'] = {
        success: true,
        message: 'Cleared successfully',
        data: { removed: await faultRules.clear(adminCallerOf(request).reach) },
      };
      return answer;
    },
    async updateFault(request) {
      const { id } = request.params as { id: number };
      const patch = request.body as FaultRulePatch;
      const updated = await faultRules.update(id, patch, adminCallerOf(request).reach);
      if (!updated) throw new ApiError(404);
      return saved(updated);
    },
    async removeFault(request) {
      const { id } = request.params as { id: number };
      const removed = await faultRules.remove(id, adminCallerOf(request).reach);
      if (!removed) throw new ApiError(404);
      return saved(removed);
    },
  };
}
