/**
 * The state operations: export all data, replace it (validated, in one transaction), and reset
 * the server to its start-up state. A reset reads the `CHAT_FIXTURES` file first, so that if it
 * can no longer be read nothing has been reset (the answer is a 500, the reason in the log); then
 * it imports the start-up state, empties the journal and the fault rules, and puts back only the
 * start-up fixtures (the file's, then those given in code). With REDIS_URL the journal, rules,
 * fixtures and violations are the deployment's, so a reset through one instance resets them for
 * all; a replaying server's cassettes' turns are this instance's.
 */
import type { adminComponents, State } from '@assistant-platform/types/admin';
import { ApiError } from '../contract/api-error.js';
import { exportState } from '../seed/export-state.js';
import { importState } from '../seed/import-state.js';
import { seedOf } from '../seed/seed-file.js';
import { StateEntryError } from '../seed/state-rows.js';
import type { AdminDeps, AdminHandlers } from './admin-deps.js';
import { startupChatFixtureInputs } from './chat-fixtures-file.js';

type Schemas = adminComponents['schemas'];

const replaced = (data: Schemas['StateSummary']): Schemas['StateSummaryResponse'] => ({
  success: true,
  message: 'State replaced successfully',
  data,
});

export function stateHandlers(deps: AdminDeps): AdminHandlers<'exportState' | 'importState' | 'reset'> {
  const { store } = deps;
  return {
    async exportState() {
      const answer: Schemas['ExportStateResponse'] = {
        success: true,
        message: 'State exported successfully',
        data: await exportState(store.repos),
      };
      return answer;
    },
    async importState(request) {
      try {
        return replaced(await importState(store, seedOf(request.body as State)));
      } catch (error) {
        if (error instanceof StateEntryError) throw new ApiError(400, error.issues);
        throw error;
      }
    },
    async reset() {
      const fixtures = startupChatFixtureInputs(
        deps.chatFixturesPath,
        deps.startupChatFixtures,
        deps.validator,
      );
      deps.sharedStateReachable?.();
      const summary = await importState(store, deps.startupState);
      // Shared through Redis (REDIS_URL), these reset every instance's.
      await deps.journal.clear();
      await deps.faultRules.clear();
      await deps.chatFixtures.replace(fixtures);
      await deps.violations.clear();
      deps.restartReplay?.();
      return replaced(summary);
    },
  };
}
