/**
 * Tokens: name, scopes, account, created, revoked; revoke an active one, after a question that
 * names it (and warns when it is the one the console is signed in with, which then signs out);
 * create one, shown once with a copy button (only its hash is kept, so it cannot be shown again),
 * with the scopes the view may give (an account's admin never gives `operator`).
 */
import type { adminComponents, Caller } from '@assistant-platform/types/admin';
import { useState } from 'preact/hooks';
import { type AdminClient, dataOf } from '../../api/admin-client.js';
import { grantableScopes } from '../../lib/admin-view.js';
import { isOwnToken, revokeWords } from '../../lib/token-revoke.js';
import { ConfirmDialog, CopyButton, Failure } from '../../ui/common.js';

type Schemas = adminComponents['schemas'];
type Scope = Schemas['Scope'];
type Token = Schemas['StateToken'];

const COLUMNS = ['Id', 'Name', 'Scopes', 'Account', 'Created', 'Revoked'] as const;

export function TokensSection(props: {
  client: AdminClient;
  caller: Caller;
  tokens: Token[];
  accounts: Schemas['StateAccount'][];
  onChanged: () => void;
  /** After the signed-in token itself was revoked. */
  onSignedOut: () => void;
}) {
  const [revoking, setRevoking] = useState<(Token & { id: number }) | null>(null);
  const [accountId, setAccountId] = useState(String(props.accounts[0]?.id ?? ''));
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<Scope[]>(['agents:read']);
  const [created, setCreated] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const run = (work: Promise<unknown>) =>
    work.then(
      () => {
        setError(null);
        props.onChanged();
      },
      (failure: Error) => setError(failure.message),
    );
  const create = (event: Event) => {
    event.preventDefault();
    const body = { accountId: Number(accountId), scopes, ...(name.trim() ? { name: name.trim() } : {}) };
    void run(dataOf(props.client.POST('/tokens', { body })).then((data) => setCreated(data.token)));
  };
  const revoke = () => {
    const token = revoking;
    setRevoking(null);
    if (!token) return;
    const own = isOwnToken(token, props.caller);
    const revoked = dataOf(props.client.DELETE('/tokens/{id}', { params: { path: { id: token.id } } }));
    void (own
      ? revoked.then(props.onSignedOut, (failure: Error) => setError(failure.message))
      : run(revoked));
  };
  const words = revoking && revokeWords(revoking, props.caller);
  const toggle = (scope: Scope) =>
    setScopes((held) => (held.includes(scope) ? held.filter((s) => s !== scope) : [...held, scope]));
  return (
    <section aria-labelledby="tokens-title">
      <h3 id="tokens-title">Tokens ({props.tokens.length})</h3>
      <Failure text={error} />
      {/* On a phone each token is a block of labelled lines (styles.css, .records): its columns'
          names never fit across 390 px. The roles keep it a table for assistive technology,
          which some browsers stop seeing once a table's display changes. */}
      <div class="table-wrap">
        {/* biome-ignore lint/a11y/noRedundantRoles: see above. */}
        <table class="records" role="table">
          <thead>
            {/* biome-ignore lint/a11y/noRedundantRoles: see above. */}
            <tr role="row">
              {COLUMNS.map((column) => (
                // biome-ignore lint/a11y/noRedundantRoles: see above.
                <th key={column} scope="col" role="columnheader">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {props.tokens.map((token) => (
              // biome-ignore lint/a11y/noRedundantRoles: see above.
              <tr key={token.id} role="row">
                {[
                  token.id,
                  token.name,
                  token.scopes.join(', '),
                  token.accountId,
                  token.createdAt,
                  token.revokedAt ??
                    (token.id !== undefined && (
                      <button
                        type="button"
                        class="danger"
                        onClick={() => setRevoking({ ...token, id: token.id as number })}
                      >
                        Revoke {token.name}
                        {token.id === props.caller.tokenId ? ' (signed in)' : ''}
                      </button>
                    )),
                ].map((value, index) => (
                  // biome-ignore lint/a11y/noRedundantRoles: see above.
                  <td key={COLUMNS[index]} data-label={COLUMNS[index]} role="cell">
                    {value}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <form class="stack" onSubmit={create} aria-labelledby="new-token-title">
        <h4 id="new-token-title">New token</h4>
        <label>
          Account
          <select value={accountId} onChange={(event) => setAccountId(event.currentTarget.value)}>
            {props.accounts.map((account) => (
              <option key={account.id} value={account.id}>
                {account.id} {account.name}
              </option>
            ))}
          </select>
        </label>
        <label>
          Name
          <input value={name} maxLength={200} onInput={(event) => setName(event.currentTarget.value)} />
        </label>
        <fieldset>
          <legend>Scopes</legend>
          {grantableScopes(props.caller.view).map((scope) => (
            <label key={scope} class="inline">
              <input type="checkbox" checked={scopes.includes(scope)} onChange={() => toggle(scope)} />{' '}
              {scope}
            </label>
          ))}
        </fieldset>
        <button type="submit" disabled={scopes.length === 0}>
          Create token
        </button>
      </form>
      {created && (
        <div class="notice" role="status">
          <p>
            New token, shown only this once: <code>{created}</code>
          </p>
          <CopyButton text={created} label="Copy token" done="Copied." />
        </div>
      )}
      <ConfirmDialog
        open={words !== null}
        title={words?.title ?? ''}
        confirmLabel={words?.confirm ?? ''}
        onConfirm={revoke}
        onCancel={() => setRevoking(null)}
      >
        <p>{words?.text}</p>
        {words?.warning && <p class="failure">{words.warning}</p>}
      </ConfirmDialog>
    </section>
  );
}
