/** The journal's latest requests that got a fault, from a rule or their own Prefer header. */
import type { JournalEntry } from '@assistant-platform/types/admin';
import { entryKey } from '../../lib/request-filter.js';

export const FIRED_SHOWN = 20;

/** `entries`: requests that got a fault, newest first. */
export function FiredRecently({ entries }: { entries: JournalEntry[] }) {
  return (
    <section aria-labelledby="fired-title">
      <h3 id="fired-title">Fired recently</h3>
      {entries.length === 0 && <p class="empty">No recorded request got a fault.</p>}
      <ul class="plain" aria-labelledby="fired-title">
        {entries.map((entry) => (
          <li key={entryKey(entry)}>
            {entry.method} {entry.path} → {entry.status ?? entry.outcome} (
            {entry.fault?.source === 'rule' ? `rule ${entry.fault.ruleId}` : 'Prefer header'})
          </li>
        ))}
      </ul>
    </section>
  );
}
