/**
 * Creating and revoking tokens, as the CLI's `token create|revoke` and the admin API's
 * `POST /tokens` and `DELETE /tokens/{id}` both do: one place decides how a token is made (random,
 * stored only as its hash, in one transaction with the check of its account) and what an unknown
 * account or id means (undefined, for each caller to word its own way).
 */
import type { Repositories, TokenRecord } from './store.js';
import { generateToken, hashToken } from './token-hash.js';

export interface IssuedToken {
  /** The bearer token: its only appearance, since only its hash is kept. */
  token: string;
  record: TokenRecord;
}

/** A new token for the account, or undefined when the account does not exist. */
export function issueToken(
  repos: Repositories,
  input: { accountId: number; name: string; scopes: string[] },
): Promise<IssuedToken | undefined> {
  return repos.transaction(async (tx) => {
    if (!(await tx.accounts.exists(input.accountId))) return undefined;
    const token = generateToken();
    const id = await tx.tokens.ensure({ tokenHash: hashToken(token), ...input });
    const record = (await tx.tokens.list()).find((row) => row.id === id);
    if (!record) throw new Error(`token ${id} vanished right after it was created`);
    return { token, record };
  });
}

/** Revokes an active token; its record afterwards, or undefined when no active token has this id. */
export async function revokeToken(repos: Repositories, id: number): Promise<TokenRecord | undefined> {
  if (!(await repos.tokens.revoke(id))) return undefined;
  return (await repos.tokens.list()).find((row) => row.id === id);
}
