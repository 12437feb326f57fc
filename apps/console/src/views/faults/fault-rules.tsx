/**
 * The fault rules, in the order they are tried, each with whose requests it applies to, how often
 * it fired and a remove button.
 */
import type { FaultRule } from '@assistant-platform/types/admin';
import { useState } from 'preact/hooks';
import { type AdminClient, dataOf } from '../../api/admin-client.js';
import { ownerText } from '../../lib/admin-view.js';
import { Failure } from '../../ui/common.js';

export function FaultRules(props: { client: AdminClient; rules: FaultRule[]; onChanged: () => void }) {
  const [error, setError] = useState<string | null>(null);
  const remove = (id: number) =>
    dataOf(props.client.DELETE('/faults/{id}', { params: { path: { id } } })).then(
      props.onChanged,
      (failure: Error) => setError(failure.message),
    );
  return (
    <section aria-labelledby="rules-title">
      <h3 id="rules-title">Fault rules ({props.rules.length})</h3>
      <Failure text={error} />
      {props.rules.length === 0 && <p class="empty">No rule: platform requests are answered normally.</p>}
      <ul class="plain">
        {props.rules.map((rule) => (
          <li key={rule.id} class="card">
            <p>
              <strong>#{rule.id}</strong> {JSON.stringify(rule.match)} → {JSON.stringify(rule.fault)}
            </p>
            <p class="help">
              applies to {ownerText(rule.accountId)} · fired {rule.fired}
              {rule.times === null ? '' : ` of ${rule.times}`} times · probability {rule.probability}
            </p>
            <button type="button" onClick={() => remove(rule.id)}>
              Remove rule {rule.id}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
