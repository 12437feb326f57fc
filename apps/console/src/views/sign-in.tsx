/**
 * Sign-in: the token is tried on the admin API (GET /caller, which also says which view it has)
 * before it is kept, so a wrong one is named at once (401: unknown or revoked; 403: no admin scope)
 * rather than by every view failing.
 */
import { useState } from 'preact/hooks';
import { adminClient, failureText } from '../api/admin-client.js';

export function SignIn({
  onSignedIn,
  notice,
}: {
  onSignedIn: (token: string) => void;
  notice: string | null;
}) {
  const [token, setToken] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: Event) => {
    event.preventDefault();
    const trimmed = token.trim();
    if (trimmed === '') return setError('Paste a token first.');
    setBusy(true);
    const { response, error: body } = await adminClient(trimmed)
      .GET('/caller')
      .catch((failure: unknown) => ({ response: null, error: failure }));
    setBusy(false);
    if (response?.ok) return onSignedIn(trimmed);
    setError(response ? failureText(response.status, body) : `The server did not answer: ${String(body)}`);
  };
  return (
    <main class="sign-in">
      <h1>Reference server console</h1>
      {notice && (
        <p class="notice" role="status">
          {notice}
        </p>
      )}
      <form onSubmit={submit}>
        <label for="token">Admin token</label>
        <input
          id="token"
          type="password"
          autocomplete="off"
          value={token}
          onInput={(event) => setToken(event.currentTarget.value)}
          aria-describedby="token-help"
        />
        <p id="token-help" class="help">
          A token with the <code>admin</code> scope (or <code>*</code>) administers its account; one with{' '}
          <code>operator</code> the whole server. It is kept for this tab only.
        </p>
        <button type="submit" disabled={busy}>
          Sign in
        </button>
        {error && (
          <p class="failure" role="alert">
            {error}
          </p>
        )}
      </form>
    </main>
  );
}
