/** A request's contract check in its detail (proxy mode): each rule it broke, what and where. */
import type { JournalEntry } from '@assistant-platform/types/admin';
import { checkSummary, issueLines } from '../../lib/violations.js';

export function ViolationList({ entry }: { entry: JournalEntry }) {
  if (entry.violations === null) return null;
  return (
    <section aria-labelledby="violations-title" class="violations">
      <h4 id="violations-title">Contract check</h4>
      <p class={entry.violations.length === 0 ? 'help' : 'failure'}>{checkSummary(entry)}</p>
      <ul class="plain">
        {entry.violations.map((violation) => (
          <li key={violation.rule} class="card">
            <p>
              <code>{violation.rule}</code> {violation.message}
            </p>
            {violation.issues.length > 0 && (
              <ul>
                {issueLines(violation).map((line) => (
                  <li key={line}>
                    <code>{line}</code>
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
