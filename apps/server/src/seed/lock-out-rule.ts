/**
 * No import locks you out (admin.yaml): a state import or reset through the admin API must leave
 * its caller the token it called with, not revoked, with the scope the call needed, and the CLI's
 * `state import` (the operator at the database) must leave the server a token with `operator`, so
 * it can still be administered over HTTP. Checked on the document before anything is written,
 * since the data afterwards is exactly the document's (an account's import keeps only the
 * operators' tokens besides, which a caller of that import does not hold).
 *
 * Decided here, once, for both: what counts as keeping the rights (the token by its hash, as tokens
 * are matched), and the words of the refusal, which name the rule so a reader can look it up.
 */
import { grants, type ValidationIssue } from '@assistant-platform/types';
import { hashToken } from '../db/token-hash.js';
import type { ParsedSeed } from './seed-file.js';

/** Who calls an import or reset through the admin API, and the scope its call needed. */
export interface ImportCaller {
  tokenHash: string;
  accountId: number;
  scope: 'admin' | 'operator';
}

const RULE = 'no import locks you out';

const hashOf = (token: ParsedSeed['tokens'][number]) =>
  token.token === undefined ? token.tokenHash : hashToken(token.token);

/**
 * The issue of a state that would lock `caller` out (the CLI: undefined, the server's operators),
 * or none.
 */
export function lockOutIssues(state: ParsedSeed, caller: ImportCaller | undefined): ValidationIssue[] {
  if (caller === undefined) {
    const kept = state.tokens.some((token) => !token.revokedAt && token.scopes.includes('operator'));
    return kept
      ? []
      : [
          {
            path: '/tokens',
            message: `must hold a token with scope operator, not revoked (${RULE}: with none, nobody could administer the server over HTTP)`,
          },
        ];
  }
  const kept = state.tokens.some(
    (token) =>
      hashOf(token) === caller.tokenHash &&
      !token.revokedAt &&
      grants(token.scopes, caller.scope) &&
      (caller.scope === 'operator' || token.accountId === caller.accountId),
  );
  if (kept) return [];
  const rights =
    caller.scope === 'operator' ? 'scope operator' : `scope admin or * of account ${caller.accountId}`;
  return [
    {
      path: '/tokens',
      message: `must keep the token this request uses (by its hash), not revoked, with ${rights} (${RULE})`,
    },
  ];
}
