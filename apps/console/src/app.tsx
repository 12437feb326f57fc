/**
 * The console's frame: signed out, the sign-in form; signed in, a navigation between the five
 * views (kept in the URL's hash, so a view can be bookmarked and Back works) and the view itself.
 */
import { useEffect, useMemo, useState } from 'preact/hooks';
import { adminClient } from './api/admin-client.js';
import { session } from './api/session.js';
import { StoredDataView } from './views/data/data-view.js';
import { FaultsView } from './views/faults/faults-view.js';
import { RequestsView } from './views/requests/requests-view.js';
import { SignIn } from './views/sign-in.js';
import { StateView } from './views/state/state-view.js';
import { ViolationsView } from './views/violations/violations-view.js';

const VIEWS = [
  { hash: '#/requests', label: 'Requests' },
  { hash: '#/data', label: 'Data' },
  { hash: '#/faults', label: 'Faults & fixtures' },
  { hash: '#/state', label: 'State' },
  { hash: '#/violations', label: 'Violations' },
] as const;

function useHash(): string {
  const [hash, setHash] = useState(window.location.hash || '#/requests');
  useEffect(() => {
    const changed = () => setHash(window.location.hash || '#/requests');
    window.addEventListener('hashchange', changed);
    return () => window.removeEventListener('hashchange', changed);
  }, []);
  return hash;
}

export function App() {
  const [token, setToken] = useState(session.token());
  const hash = useHash();
  const client = useMemo(() => (token ? adminClient(token) : null), [token]);
  if (!token || !client) {
    return (
      <SignIn
        onSignedIn={(signedIn) => {
          session.save(signedIn);
          setToken(signedIn);
        }}
      />
    );
  }
  const signOut = () => {
    session.clear();
    setToken(null);
  };
  return (
    <>
      <header class="top">
        <h1>Reference server console</h1>
        <nav aria-label="Views">
          {VIEWS.map((view) => (
            <a key={view.hash} href={view.hash} aria-current={hash === view.hash ? 'page' : undefined}>
              {view.label}
            </a>
          ))}
        </nav>
        <button type="button" onClick={signOut}>
          Sign out
        </button>
      </header>
      <main>
        {hash === '#/data' ? (
          <StoredDataView client={client} />
        ) : hash === '#/faults' ? (
          <FaultsView client={client} token={token} />
        ) : hash === '#/state' ? (
          <StateView client={client} />
        ) : hash === '#/violations' ? (
          <ViolationsView client={client} />
        ) : (
          <RequestsView client={client} token={token} />
        )}
      </main>
    </>
  );
}
