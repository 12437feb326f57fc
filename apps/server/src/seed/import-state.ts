/**
 * Replaces data with a validated state document in one transaction: all of it (`PUT /_admin/state`
 * by an operator, `state import`, an operator's reset), or one account's (account-state.ts). When
 * the database refuses an entry (an unknown account, a duplicate id) nothing has changed, and the
 * error names that entry. Unlike a seed, which only adds what is absent, everything not in the
 * document is gone afterwards; timestamps it omits are now.
 */
import type { StateSummary } from '@assistant-platform/types/admin';
import type { ConstraintKind, Repositories, Store } from '../db/store.js';
import { nowIso } from '../db/time.js';
import { stateSummary } from './export-state.js';
import type { ParsedSeed } from './seed-file.js';
import { agentRowOf, StateEntryError, tokenRowOf } from './state-rows.js';

/** What a refused row means for an entry of the document, the same words on both stores. */
export type ConstraintWords = Record<ConstraintKind, string>;

const CONSTRAINTS: ConstraintWords = {
  'foreign-key': 'refers to an account or workspace the document does not have',
  'primary-key': 'has the id of an earlier entry',
  unique: 'repeats a value of an earlier entry',
};

/**
 * Inserts a validated state's rows (children after their parents; its accounts only with
 * `accounts`) with one transaction's repositories. An agent without `accountId` goes to
 * `defaultAccount`, else to the account with the lowest id.
 */
export async function insertState(
  tx: Repositories,
  constraintOf: Store['constraintOf'],
  state: ParsedSeed,
  options: { accounts: boolean; defaultAccount?: number; words?: ConstraintWords },
): Promise<void> {
  const agents = state.agents.map(agentRowOf);
  const words = options.words ?? CONSTRAINTS;
  /** Runs one insert; a constraint failure becomes a StateEntryError naming the entry. */
  const at = async (pointer: string, insert: () => Promise<unknown>): Promise<void> => {
    try {
      await insert();
    } catch (error) {
      const kind = constraintOf(error);
      if (kind === undefined) throw error;
      throw new StateEntryError([{ path: pointer, message: words[kind] }]);
    }
  };
  const now = nowIso();
  if (options.accounts)
    for (const [i, account] of state.accounts.entries())
      await at(`/accounts/${i}`, () => tx.accounts.insert({ createdAt: now, ...account }));
  for (const [i, token] of state.tokens.entries())
    await at(`/tokens/${i}`, () => tx.tokens.insert({ createdAt: now, ...tokenRowOf(token) }));
  for (const [i, workspace] of state.workspaces.entries())
    await at(`/workspaces/${i}`, () => tx.workspaces.insert({ createdAt: now, ...workspace }));
  for (const [i, row] of state.transcriptions.entries()) {
    const createdAt = row.createdAt ?? now;
    await at(`/transcriptions/${i}`, () =>
      tx.transcriptions.insert({ ...row, createdAt, updatedAt: row.updatedAt ?? createdAt }),
    );
  }
  for (const [i, { input, accountId, extra }] of agents.entries())
    await at(`/agents/${i}`, async () =>
      tx.agents.create(accountId ?? options.defaultAccount ?? (await tx.accounts.defaultId()), input, extra),
    );
}

/** Replaces all data with a validated state. */
export async function importState(
  store: Pick<Store, 'repos' | 'constraintOf'>,
  state: ParsedSeed,
): Promise<StateSummary> {
  return store.repos.transaction(async (tx: Repositories) => {
    // Children first: every foreign key is checked as each statement runs. Stored answers of
    // idempotency keys describe the data being replaced (an agent's id), so they go with it.
    await tx.idempotency.deleteAll();
    await tx.agents.deleteAll();
    await tx.transcriptions.deleteAll();
    await tx.workspaces.deleteAll();
    await tx.tokens.deleteAll();
    await tx.accounts.deleteAll();
    await insertState(tx, store.constraintOf, state, { accounts: true });
    return stateSummary(tx);
  });
}
