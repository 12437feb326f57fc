/**
 * The violations summary (GET /_admin/violations): where the proxied service and the contract
 * disagree, by operation and rule, how often, when, and one example each, which opens in the
 * Requests view's filter by its path. Empty unless the server runs as a validation proxy. The
 * operator's alone: a token of an account's admin is told so rather than sent to a 403.
 */
import type { Caller } from '@assistant-platform/types/admin';
import { useState } from 'preact/hooks';
import { type AdminClient, dataOf } from '../../api/admin-client.js';
import { seesViolations } from '../../lib/admin-view.js';
import { Failure } from '../../ui/common.js';
import { useLoad } from '../../ui/use-load.js';

const time = (at: string) => new Date(at).toLocaleString(undefined, { hour12: false });

export function ViolationsView({ client, caller }: { client: AdminClient; caller: Caller }) {
  if (!seesViolations(caller.view))
    return (
      <section aria-labelledby="violations-view-title">
        <h2 id="violations-view-title">Contract violations</h2>
        <p class="empty">
          Only an operator (a token with scope <code>operator</code>) sees the violations summary: a proxy’s
          requests belong to no account.
        </p>
      </section>
    );
  return <ViolationsSummary client={client} />;
}

function ViolationsSummary({ client }: { client: AdminClient }) {
  const summary = useLoad(() => dataOf(client.GET('/violations')), [client]);
  const [error, setError] = useState<string | null>(null);
  const clear = () =>
    dataOf(client.DELETE('/violations')).then(summary.reload, (failure: Error) => setError(failure.message));
  const groups = summary.value?.groups ?? [];
  return (
    <section aria-labelledby="violations-view-title">
      <div class="title-row">
        <h2 id="violations-view-title">Contract violations ({summary.value?.total ?? 0})</h2>
        <div class="actions">
          <button type="button" onClick={summary.reload}>
            Reload
          </button>
          <button type="button" onClick={clear} disabled={groups.length === 0}>
            Clear
          </button>
        </div>
      </div>
      <Failure text={summary.error ?? error} />
      {summary.value && groups.length === 0 && (
        <p class="empty">
          No violation. In proxy mode (<code>assistant-server proxy --target URL</code>) each exchange that
          breaks the contract is counted here.
        </p>
      )}
      {groups.length > 0 && (
        <div class="table-wrap">
          <table aria-label="Violations by operation and rule">
            <thead>
              <tr>
                <th scope="col">Operation</th>
                <th scope="col">Rule</th>
                <th scope="col">Count</th>
                <th scope="col">Last</th>
                <th scope="col">Example</th>
              </tr>
            </thead>
            <tbody>
              {groups.map((group) => (
                <tr key={`${group.operationId} ${group.rule}`}>
                  <td>{group.operationId ?? 'no operation'}</td>
                  <td>
                    <code>{group.rule}</code>
                  </td>
                  <td>{group.count}</td>
                  <td>{time(group.lastAt)}</td>
                  <td>
                    {group.example.method} {group.example.path} → {group.example.status ?? 'no answer'}:{' '}
                    {group.example.message}
                    <span class="help"> (request id {group.example.requestId})</span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
