/**
 * The state operations: export all data, replace it (validated, in one transaction), and reset
 * the server to its start-up state. A reset reads the `CHAT_FIXTURES` file first, so that if it
 * can no longer be read nothing has been reset (the answer is a 500, the reason in the log); then
 * it imports the start-up state, empties the journal and the fault rules, and puts back only the
 * start-up fixtures (the file's, then those given in code).
 */
import type { adminComponents, State } from '@assistant-platform/types/admin';
import { ApiError } from '../contract/api-error.js';
import { exportState } from '../seed/export-state.js';
import { importState } from '../seed/import-state.js';
import { seedOf } from '../seed/seed-file.js';
import { StateEntryError } from '../seed/state-rows.js';
import type { AdminDeps, AdminHandlers } from './admin-deps.js';
import { readChatFixturesFile } from './chat-fixtures-file.js';

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
      const fixtures = [
        ...(deps.chatFixturesPath === undefined
          ? []
          : readChatFixturesFile(deps.chatFixturesPath, deps.validator)),
        ...deps.startupChatFixtures,
      ];
      const summary = await importState(store, deps.startupState);
      deps.journal.clear();
      deps.faultRules.clear();
      deps.chatFixtures.clear();
      for (const fixture of fixtures) deps.chatFixtures.add(fixture);
      deps.violations.clear();
      deps.restartReplay?.();
      return replaced(summary);
    },
  };
}
