import { describe, expect, it } from 'vitest';
import { checkSummary, issueLines, violationBadge } from '../src/lib/violations.js';
import { journalEntry } from './entry.js';

const envelope = { rule: 'response-envelope' as const, message: 'the body is not the envelope', issues: [] };
const body = {
  rule: 'response-body' as const,
  message: 'the body does not match GetAgentResponse: /data/id must be integer (and 1 more)',
  issues: [
    { path: '/data/id', message: 'must be integer' },
    { path: '', message: 'must be object' },
  ],
};

describe('violations in the console', () => {
  it('badges only entries that broke a rule', () => {
    expect(violationBadge(journalEntry())).toBeNull();
    expect(violationBadge(journalEntry({ violations: [] }))).toBeNull();
    expect(violationBadge(journalEntry({ violations: [envelope] }))).toBe('1 violation');
    expect(violationBadge(journalEntry({ violations: [envelope, body] }))).toBe('2 violations');
  });

  it('says whether an entry was checked, and lists each bad field', () => {
    expect(checkSummary(journalEntry())).toBe('Not checked: the server answered it itself.');
    expect(checkSummary(journalEntry({ violations: [] }))).toBe(
      'The request and the answer follow the contract.',
    );
    expect(checkSummary(journalEntry({ violations: [envelope, body] }))).toBe(
      'Breaks 2 rules of the contract.',
    );
    expect(issueLines(body)).toEqual(['/data/id must be integer', 'must be object']);
  });
});
