/**
 * Which view of the admin API the signed-in token has (admin.yaml, "Two kinds of administration"),
 * and how the console words and shapes itself for it: an account's admin sees and steers its own
 * account (no violations summary, no `operator` to give), an operator the whole server.
 */
import type { adminComponents, Caller } from '@assistant-platform/types/admin';

type Scope = adminComponents['schemas']['Scope'];

/** The view's name in the header. */
export function viewLabel(caller: Pick<Caller, 'view' | 'accountId'>): string {
  return caller.view === 'operator' ? 'Operator: every account' : `Account ${caller.accountId}`;
}

/** What the view reaches, said once under its name. */
export function viewReach(caller: Pick<Caller, 'view' | 'accountId'>): string {
  return caller.view === 'operator'
    ? 'You see and steer the whole server: every account’s requests, data, rules and fixtures.'
    : `You see and steer account ${caller.accountId} alone: its requests, data, tokens, and rules and fixtures that apply to its requests.`;
}

/** Whose requests a fault rule or chat fixture applies to. */
export function ownerText(accountId: number | null): string {
  return accountId === null ? 'every account' : `account ${accountId}`;
}

const SCOPES: readonly Scope[] = [
  'agents:read',
  'agents:write',
  'agents:chat',
  'transcriptions:write',
  'embeddings:create',
  'admin',
  'operator',
  '*',
];

/** The scopes this view may give a new token: an account's admin never gives `operator`. */
export function grantableScopes(view: Caller['view']): Scope[] {
  return SCOPES.filter((scope) => view === 'operator' || scope !== 'operator');
}

/** Whether the view has the violations summary (an operator's: a proxy's requests are no account's). */
export const seesViolations = (view: Caller['view']): boolean => view === 'operator';
