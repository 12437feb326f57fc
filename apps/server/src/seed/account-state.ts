/**
 * One account's part of the server's data, for that account's own admin (admin.yaml, "Two kinds
 * of administration"): what it exports, what it may import, and the import itself, which replaces
 * that account's rows and nobody else's, in one transaction.
 *
 * Decisions:
 * - An account's part is its account record, its tokens, its workspaces with their
 *   transcriptions, and its agents. Tokens holding `operator` are the server's administration,
 *   not the account's, though they live in an account: its admin neither sees, replaces nor resets
 *   them (and cannot give `operator`), so an account's admin can never take the operators' access.
 * - A document naming anything of another account (or a transcription in a workspace the document
 *   does not have) is refused entry by entry, before anything is written.
 * - The answer counts what the account now holds as its admin sees it: the document's entries.
 */
import { adminViewOf, type ValidationIssue } from '@assistant-platform/types';
import type { StateSummary } from '@assistant-platform/types/admin';
import type { Repositories, Store } from '../db/store.js';
import { type ConstraintWords, insertState } from './import-state.js';
import type { ParsedSeed } from './seed-file.js';

const ACCOUNT_WORDS: ConstraintWords = {
  'foreign-key': 'refers to a workspace the document does not have',
  'primary-key': 'has the id of an earlier entry or of a record of another account',
  unique: 'repeats a value of an earlier entry or of a record of another account',
};

/** A token that administers the whole server: no account's admin sees or changes it. */
export const isOperatorToken = (token: { scopes: readonly string[] }): boolean =>
  adminViewOf(token.scopes) === 'operator';

/** The account's part of `state` (an export or the start-up state), as its admin sees it. */
export function accountPart(state: ParsedSeed, accountId: number): ParsedSeed {
  const workspaces = state.workspaces.filter((workspace) => workspace.accountId === accountId);
  const owned = new Set(workspaces.map((workspace) => workspace.id));
  return {
    accounts: state.accounts.filter((account) => account.id === accountId),
    tokens: state.tokens.filter((token) => token.accountId === accountId && !isOperatorToken(token)),
    workspaces,
    transcriptions: state.transcriptions.filter((row) => owned.has(row.workspaceId)),
    agents: state.agents.filter((agent) => agent.accountId === accountId),
  };
}

/** The entries of `state` an admin of `accountId` may not import, each named. */
export function foreignEntries(state: ParsedSeed, accountId: number): ValidationIssue[] {
  const notOurs = `must be ${accountId}: an account's admin imports its own account only`;
  const issues: ValidationIssue[] = [];
  const check = (failed: boolean, path: string, message = notOurs) => {
    if (failed) issues.push({ path, message });
  };
  for (const [i, account] of state.accounts.entries()) check(account.id !== accountId, `/accounts/${i}/id`);
  for (const [i, token] of state.tokens.entries()) {
    check(token.accountId !== accountId, `/tokens/${i}/accountId`);
    check(isOperatorToken(token), `/tokens/${i}/scopes`, 'must not hold operator: only an operator gives it');
  }
  for (const [i, workspace] of state.workspaces.entries())
    check(workspace.accountId !== accountId, `/workspaces/${i}/accountId`);
  const workspaces = new Set(state.workspaces.map((workspace) => workspace.id));
  for (const [i, row] of state.transcriptions.entries())
    check(
      !workspaces.has(row.workspaceId),
      `/transcriptions/${i}/workspaceId`,
      "must be one of the document's workspaces",
    );
  for (const [i, agent] of state.agents.entries())
    check(agent.accountId !== undefined && agent.accountId !== accountId, `/agents/${i}/accountId`);
  return issues;
}

/**
 * Replaces the account's part with `state` (checked with foreignEntries first): its rows but the
 * operators' tokens are deleted, with its stored `Idempotency-Key` answers, then the document's
 * are inserted; an agent without `accountId` is the account's.
 */
export async function importAccountState(
  store: Pick<Store, 'repos' | 'constraintOf'>,
  state: ParsedSeed,
  accountId: number,
): Promise<StateSummary> {
  return store.repos.transaction(async (tx: Repositories) => {
    const kept = (await tx.tokens.listAll())
      .filter((token) => token.accountId === accountId && isOperatorToken(token))
      .map((token) => token.id);
    await tx.accountData.deleteOwned(accountId, kept);
    const [account] = state.accounts;
    if (account !== undefined) await tx.accountData.update(account);
    await insertState(tx, store.constraintOf, state, {
      accounts: false,
      defaultAccount: accountId,
      words: ACCOUNT_WORDS,
    });
    return {
      accounts: 1,
      tokens: state.tokens.length,
      workspaces: state.workspaces.length,
      transcriptions: state.transcriptions.length,
      agents: state.agents.length,
    };
  });
}
