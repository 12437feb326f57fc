/**
 * The question asked before a token is revoked (revoking cannot be undone: the token answers 401
 * from the next request on, and a new one must be given to whoever used it), naming the token,
 * and warning when it is the one the console is signed in with: the console then signs out.
 */
import type { adminComponents, Caller } from '@assistant-platform/types/admin';

type Token = Pick<adminComponents['schemas']['StateToken'], 'id' | 'name' | 'accountId' | 'scopes'>;

export interface RevokeWords {
  title: string;
  text: string;
  /** Said when the token is the caller's own. */
  warning: string | null;
  confirm: string;
}

export const isOwnToken = (token: Token, caller: Pick<Caller, 'tokenId'>) => token.id === caller.tokenId;

export function revokeWords(token: Token, caller: Pick<Caller, 'tokenId'>): RevokeWords {
  const own = isOwnToken(token, caller);
  return {
    title: `Revoke token ${token.name}?`,
    text: `Token ${token.name} (#${token.id}, account ${token.accountId}, scopes ${token.scopes.join(', ')}) will answer 401 from its next request on. This cannot be undone: whoever uses it needs a new token.`,
    warning: own
      ? 'This is the token you are signed in with: the console signs out, and you need another admin token to sign in again.'
      : null,
    confirm: own ? `Revoke ${token.name} and sign out` : `Revoke ${token.name}`,
  };
}
