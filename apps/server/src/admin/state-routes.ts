/**
 * The state operations: export data, replace it (validated, in one transaction), and reset it to
 * the start-up state, each reaching what its caller administers (admin-caller.ts):
 * - an operator exports, replaces and resets all data. A reset reads the `CHAT_FIXTURES` file
 *   first, so that if it can no longer be read nothing has been reset (the answer is a 500, the
 *   reason in the log); then it imports the start-up state, empties the journal and the fault
 *   rules, and puts back only the start-up fixtures (the file's, then those given in code);
 * - an account's admin exports and replaces its account's part (seed/account-state.ts), and its
 *   reset puts that part back as it was at start-up and removes its account's journal entries,
 *   rules and fixtures, leaving every other account's and the operators' alone.
 * Neither may lock its caller out (seed/lock-out-rule.ts): that is checked on the document before
 * anything changes. With REDIS_URL the journal, rules, fixtures and violations are the
 * deployment's, so a reset through one instance resets them for all; a replaying server's
 * cassettes' turns are this instance's.
 */
import type { ValidationIssue } from '@assistant-platform/types';
import type { adminComponents, State } from '@assistant-platform/types/admin';
import { ApiError } from '../contract/api-error.js';
import { accountPart, foreignEntries, importAccountState } from '../seed/account-state.js';
import { exportState } from '../seed/export-state.js';
import { importState } from '../seed/import-state.js';
import { type ImportCaller, lockOutIssues } from '../seed/lock-out-rule.js';
import { type ParsedSeed, seedOf } from '../seed/seed-file.js';
import { StateEntryError } from '../seed/state-rows.js';
import { type AdminCaller, adminCallerOf } from './admin-caller.js';
import type { AdminDeps, AdminHandlers } from './admin-deps.js';
import { startupChatFixtureInputs } from './chat-fixtures-file.js';

type Schemas = adminComponents['schemas'];

const replaced = (data: Schemas['StateSummary']): Schemas['StateSummaryResponse'] => ({
  success: true,
  message: 'State replaced successfully',
  data,
});

const importCallerOf = ({ view, accountId, auth }: AdminCaller): ImportCaller => ({
  tokenHash: auth.tokenHash,
  accountId,
  scope: view === 'operator' ? 'operator' : 'admin',
});

/** Refuses (400) a document the caller may not import, naming each reason; else does nothing. */
function checkImport(caller: AdminCaller, state: ParsedSeed): void {
  const issues: ValidationIssue[] = [
    ...(caller.view === 'account' ? foreignEntries(state, caller.accountId) : []),
    ...lockOutIssues(state, importCallerOf(caller)),
  ];
  if (issues.length > 0) throw new ApiError(400, issues);
}

export function stateHandlers(deps: AdminDeps): AdminHandlers<'exportState' | 'importState' | 'reset'> {
  const { store } = deps;
  /** Replaces the data the caller administers with `state` (already checked). */
  const replace = async (caller: AdminCaller, state: ParsedSeed) => {
    try {
      return caller.view === 'operator'
        ? await importState(store, state)
        : await importAccountState(store, state, caller.accountId);
    } catch (error) {
      if (error instanceof StateEntryError) throw new ApiError(400, error.issues);
      throw error;
    }
  };
  return {
    async exportState(request) {
      const caller = adminCallerOf(request);
      const all = await exportState(store.repos);
      const answer: Schemas['ExportStateResponse'] = {
        success: true,
        message: 'State exported successfully',
        data: caller.view === 'operator' ? all : accountPart(all, caller.accountId),
      };
      return answer;
    },
    async importState(request) {
      const caller = adminCallerOf(request);
      const state = seedOf(request.body as State);
      checkImport(caller, state);
      return replaced(await replace(caller, state));
    },
    async reset(request) {
      const caller = adminCallerOf(request);
      if (caller.view === 'account') {
        const startup = accountPart(deps.startupState, caller.accountId);
        checkImport(caller, startup);
        deps.sharedStateReachable?.();
        const summary = await replace(caller, startup);
        await deps.journal.clear(caller.reach);
        await deps.faultRules.clear(caller.reach);
        await deps.chatFixtures.clear(caller.reach);
        return replaced(summary);
      }
      checkImport(caller, deps.startupState);
      const fixtures = startupChatFixtureInputs(
        deps.chatFixturesPath,
        deps.startupChatFixtures,
        deps.validator,
      );
      deps.sharedStateReachable?.();
      const summary = await importState(store, deps.startupState);
      // Shared through Redis (REDIS_URL), these reset every instance's.
      await deps.journal.clear('all');
      await deps.faultRules.clear('all');
      await deps.chatFixtures.replace(fixtures);
      await deps.violations.clear();
      deps.restartReplay?.();
      return replaced(summary);
    },
  };
}
