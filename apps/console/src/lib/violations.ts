/**
 * How the console words contract violations (proxy mode): a request's as a short badge for the
 * list, and each one as a line naming its rule, what is wrong and each bad field.
 */
import type { JournalEntry, Violation } from '@assistant-platform/types/admin';

/** The list's badge for an entry: how many rules it broke; null when it broke none or was not checked. */
export function violationBadge(entry: Pick<JournalEntry, 'violations'>): string | null {
  const count = entry.violations?.length ?? 0;
  if (count === 0) return null;
  return count === 1 ? '1 violation' : `${count} violations`;
}

/** A violation's bad fields, one a line (`/data/id must be integer`). */
export function issueLines(violation: Violation): string[] {
  return violation.issues.map((issue) =>
    issue.path === '' ? issue.message : `${issue.path} ${issue.message}`,
  );
}

/** What the detail says of a request's check: not checked, conforming, or how many rules it broke. */
export function checkSummary(entry: Pick<JournalEntry, 'violations'>): string {
  if (entry.violations === null) return 'Not checked: the server answered it itself.';
  if (entry.violations.length === 0) return 'The request and the answer follow the contract.';
  return `Breaks ${entry.violations.length === 1 ? 'one rule' : `${entry.violations.length} rules`} of the contract.`;
}
