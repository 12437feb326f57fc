/**
 * The console's frame: signed out, the sign-in form; signed in, the view the token has of the
 * admin API (an account's, or the operator's: GET /_admin/caller) in the header, a navigation
 * between the views it may use (kept in the URL's hash, so a view can be bookmarked and Back
 * works) and the view itself. The violations summary is the operator's alone. A fault rule or chat
 * fixture started from a request on the Requests view is held here until the Faults & fixtures
 * view, which it opens, takes it into its form.
 */
import type { Caller } from '@assistant-platform/types/admin';
import { useCallback, useEffect, useMemo, useState } from 'preact/hooks';
import { type AdminClient, adminClient, dataOf } from './api/admin-client.js';
import { session } from './api/session.js';
import { seesViolations, viewLabel, viewReach } from './lib/admin-view.js';
import type { RequestDraft } from './lib/form-drafts.js';
import { Failure } from './ui/common.js';
import { useLoad } from './ui/use-load.js';
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
  const [notice, setNotice] = useState<string | null>(null);
  const client = useMemo(() => (token ? adminClient(token) : null), [token]);
  if (!token || !client) {
    return (
      <SignIn
        notice={notice}
        onSignedIn={(signedIn) => {
          session.save(signedIn);
          setNotice(null);
          setToken(signedIn);
        }}
      />
    );
  }
  const signOut = (why: string | null = null) => {
    session.clear();
    setNotice(why);
    setToken(null);
  };
  return <SignedIn client={client} token={token} onSignOut={signOut} />;
}

const REVOKED_OWN = 'You revoked the token you were signed in with: sign in with another admin token.';

function SignedIn(props: { client: AdminClient; token: string; onSignOut: (why?: string | null) => void }) {
  const { client, token } = props;
  const hash = useHash();
  const [draft, setDraft] = useState<RequestDraft | null>(null);
  const draftTaken = useCallback(() => setDraft(null), []);
  const startDraft = (made: RequestDraft) => {
    setDraft(made);
    window.location.hash = '#/faults';
  };
  const caller = useLoad(() => dataOf(client.GET('/caller')), [client]);
  const views = VIEWS.filter(
    (view) => view.hash !== '#/violations' || seesViolations(caller.value?.view ?? 'account'),
  );
  return (
    <>
      <header class="top">
        <h1>Reference server console</h1>
        {caller.value && <ViewBadge caller={caller.value} />}
        <nav aria-label="Views">
          {views.map((view) => (
            <a key={view.hash} href={view.hash} aria-current={hash === view.hash ? 'page' : undefined}>
              {view.label}
            </a>
          ))}
        </nav>
        <button type="button" onClick={() => props.onSignOut()}>
          Sign out
        </button>
      </header>
      <main>
        <Failure text={caller.error} />
        {caller.value &&
          (hash === '#/data' ? (
            <StoredDataView
              client={client}
              caller={caller.value}
              onSignedOut={() => props.onSignOut(REVOKED_OWN)}
            />
          ) : hash === '#/faults' ? (
            <FaultsView
              client={client}
              token={token}
              caller={caller.value}
              incoming={draft}
              onIncomingTaken={draftTaken}
            />
          ) : hash === '#/state' ? (
            <StateView client={client} caller={caller.value} />
          ) : hash === '#/violations' ? (
            <ViolationsView client={client} caller={caller.value} />
          ) : (
            <RequestsView client={client} token={token} caller={caller.value} onDraft={startDraft} />
          ))}
      </main>
    </>
  );
}

/** Which view this token has, named where every view shows it, and what it reaches. */
function ViewBadge({ caller }: { caller: Caller }) {
  return (
    <div class="view-badge" data-view={caller.view}>
      <p>
        View: <strong>{viewLabel(caller)}</strong> <span class="help">(token {caller.tokenName})</span>
      </p>
      <p class="help">{viewReach(caller)}</p>
    </div>
  );
}
