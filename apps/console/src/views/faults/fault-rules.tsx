/**
 * The fault rules, in the order they are tried, each in words with whose requests it applies to,
 * whether it does and how often it fired; enable, disable and remove act at once, edit and
 * duplicate fill the form (FaultsView holds which).
 */
import type { FaultRule } from '@assistant-platform/types/admin';
import { useState } from 'preact/hooks';
import { type AdminClient, dataOf } from '../../api/admin-client.js';
import { faultRuleState, faultRuleText } from '../../lib/rule-summary.js';
import { Failure } from '../../ui/common.js';
import { RuleCard } from './rule-card.js';

export function FaultRules(props: {
  client: AdminClient;
  rules: FaultRule[];
  onChanged: () => void;
  onEdit: (rule: FaultRule) => void;
  onDuplicate: (rule: FaultRule) => void;
}) {
  const { client } = props;
  const [error, setError] = useState<string | null>(null);
  const act = (work: Promise<unknown>) =>
    work.then(
      () => {
        setError(null);
        props.onChanged();
      },
      (failure: Error) => setError(failure.message),
    );
  const byId = (id: number) => ({ params: { path: { id } } });
  return (
    <section aria-labelledby="rules-title">
      <h3 id="rules-title">Fault rules ({props.rules.length})</h3>
      <Failure text={error} />
      {props.rules.length === 0 && <p class="empty">No rule: platform requests are answered normally.</p>}
      <ul class="plain">
        {props.rules.map((rule) => (
          <RuleCard
            key={rule.id}
            name={`rule ${rule.id}`}
            id={rule.id}
            enabled={rule.enabled}
            text={faultRuleText(rule)}
            state={faultRuleState(rule)}
            onEdit={() => props.onEdit(rule)}
            onDuplicate={() => props.onDuplicate(rule)}
            onToggle={() =>
              act(
                dataOf(client.PATCH('/faults/{id}', { ...byId(rule.id), body: { enabled: !rule.enabled } })),
              )
            }
            onRemove={() => act(dataOf(client.DELETE('/faults/{id}', byId(rule.id))))}
          />
        ))}
      </ul>
    </section>
  );
}
