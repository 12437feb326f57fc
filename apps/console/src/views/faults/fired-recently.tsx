/** The journal's latest requests that got a fault, from a rule or their own Prefer header. */
import type { JournalEntry } from '@assistant-platform/types/admin';

const SHOWN = 20;

export function FiredRecently({ entries }: { entries: JournalEntry[] }) {
  const fired = entries.filter((entry) => entry.fault !== null).slice(0, SHOWN);
  return (
    <section aria-labelledby="fired-title">
      <h3 id="fired-title">Fired recently</h3>
      {fired.length === 0 && <p class="empty">No recorded request got a fault.</p>}
      <ul class="plain">
        {fired.map((entry) => (
          <li key={entry.id}>
            {entry.method} {entry.path} → {entry.status ?? entry.outcome} (
            {entry.fault?.source === 'rule' ? `rule ${entry.fault.ruleId}` : 'Prefer header'})
          </li>
        ))}
      </ul>
    </section>
  );
}
