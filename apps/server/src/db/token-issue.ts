/**
 * Creating and revoking tokens, as the CLI's `token create|revoke` and the admin API's
 * `POST /tokens` and `DELETE /tokens/{id}` both do: one place decides how a token is made (random,
 * stored only as its hash) and what an unknown account or id means (undefined, for each caller to
 * word its own way).
 */
import type { Repositories } from './repositories.js';
import { generateToken, hashToken, type TokenRecord } from './tokens-repo.js';

export interface IssuedToken {
  /** The bearer token: its only appearance, since only its hash is kept. */
  token: string;
  record: TokenRecord;
}

/** A new token for the account, or undefined when the account does not exist. */
export function issueToken(
  repos: Pick<Repositories, 'accounts' | 'tokens'>,
  input: { accountId: number; name: string; scopes: string[] },
): IssuedToken | undefined {
  if (!repos.accounts.exists(input.accountId)) return undefined;
  const token = generateToken();
  const id = repos.tokens.ensure({ tokenHash: hashToken(token), ...input });
  const record = repos.tokens.list().find((row) => row.id === id);
  if (!record) throw new Error(`token ${id} vanished right after it was created`);
  return { token, record };
}

/** Revokes an active token; its record afterwards, or undefined when no active token has this id. */
export function revokeToken(repos: Pick<Repositories, 'tokens'>, id: number): TokenRecord | undefined {
  if (!repos.tokens.revoke(id)) return undefined;
  return repos.tokens.list().find((row) => row.id === id);
}
