/**
 * Replaces all data with a validated state document (`PUT /_admin/state`, `state import`, a
 * reset), in one transaction: when the database refuses an entry (an unknown account, a duplicate
 * id) nothing has changed, and the error names that entry. Unlike a seed, which only adds what is
 * absent, everything not in the document is gone afterwards; timestamps it omits are now.
 */
import type { StateSummary } from '@assistant-platform/types/admin';
import type { Repositories } from '../db/repositories.js';
import { nowIso } from '../db/time.js';
import { stateSummary } from './export-state.js';
import type { ParsedSeed } from './seed-file.js';
import { agentRowOf, StateEntryError, tokenRowOf } from './state-rows.js';

/** What SQLite's constraint failures mean for an entry of the document. */
const CONSTRAINTS: Record<string, string> = {
  SQLITE_CONSTRAINT_FOREIGNKEY: 'refers to an account or workspace the document does not have',
  SQLITE_CONSTRAINT_PRIMARYKEY: 'has the id of an earlier entry',
  SQLITE_CONSTRAINT_UNIQUE: 'repeats a value of an earlier entry',
};

/** The SQLite constraint code of an error or of one of its causes. */
function constraintOf(error: unknown): string | undefined {
  for (let e = error; e instanceof Error; e = e.cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && code.startsWith('SQLITE_CONSTRAINT')) return code;
  }
  return undefined;
}

/** Runs one insert; a constraint failure becomes a StateEntryError naming the entry. */
function at(pointer: string, insert: () => unknown): void {
  try {
    insert();
  } catch (error) {
    const code = constraintOf(error);
    if (code === undefined) throw error;
    const detail = (error as Error).message;
    throw new StateEntryError([
      { path: pointer, message: `${CONSTRAINTS[code] ?? 'is refused'} (${detail})` },
    ]);
  }
}

export function importState(repos: Repositories, state: ParsedSeed): StateSummary {
  const agents = state.agents.map(agentRowOf);
  return repos.transaction(() => {
    // Children first: every foreign key is checked as each statement runs. Stored answers of
    // idempotency keys describe the data being replaced (an agent's id), so they go with it.
    repos.idempotency.deleteAll();
    repos.agents.deleteAll();
    repos.transcriptions.deleteAll();
    repos.workspaces.deleteAll();
    repos.tokens.deleteAll();
    repos.accounts.deleteAll();
    const now = nowIso();
    for (const [i, account] of state.accounts.entries())
      at(`/accounts/${i}`, () => repos.accounts.insert({ createdAt: now, ...account }));
    for (const [i, token] of state.tokens.entries())
      at(`/tokens/${i}`, () => repos.tokens.insert({ createdAt: now, ...tokenRowOf(token) }));
    for (const [i, workspace] of state.workspaces.entries())
      at(`/workspaces/${i}`, () => repos.workspaces.insert({ createdAt: now, ...workspace }));
    for (const [i, row] of state.transcriptions.entries()) {
      const createdAt = row.createdAt ?? now;
      at(`/transcriptions/${i}`, () =>
        repos.transcriptions.insert({ ...row, createdAt, updatedAt: row.updatedAt ?? createdAt }),
      );
    }
    for (const [i, { input, accountId, extra }] of agents.entries())
      at(`/agents/${i}`, () => repos.agents.create(accountId ?? repos.accounts.defaultId(), input, extra));
    return stateSummary(repos);
  });
}
