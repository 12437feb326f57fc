import type { FaultRule } from '@assistant-platform/types/admin';
import { describe, expect, it } from 'vitest';
import {
  duplicateFaultDraft,
  editFaultDraft,
  faultDraftFromRequest,
  fixtureDraftFromRequest,
  isChat,
} from '../src/lib/form-drafts.js';
import { journalEntry } from './entry.js';

const rule = (accountId: number | null): FaultRule => ({
  id: 4,
  accountId,
  match: { path: '/v1/agents/*' },
  fault: { code: 503 },
  times: null,
  probability: 1,
  enabled: true,
  fired: 0,
  createdAt: '2026-01-02T03:04:05.000Z',
});
const operator = { view: 'operator', accountId: 1 } as const;
const accountTwo = { view: 'account', accountId: 2 } as const;

describe('what the forms start from', () => {
  it('edits a rule by its id, with its fields', () => {
    expect(editFaultDraft(rule(2))).toMatchObject({
      title: 'Edit fault rule 4',
      editing: 4,
      fields: { path: '/v1/agents/*' },
    });
  });

  it('duplicates a rule as a new one, saying when the copy applies more widely than the rule', () => {
    const own = duplicateFaultDraft(rule(2), accountTwo);
    expect(own).toEqual({
      title: 'New fault rule, a copy of rule 4',
      fields: expect.objectContaining({ code: '503' }),
    });
    expect(duplicateFaultDraft(rule(null), operator).note).toBeUndefined();
    expect(duplicateFaultDraft(rule(2), operator).note).toBe(
      'The copy is a new rule of yours: it applies to the requests of every account, not only account 2’s. Give it a token name to narrow it.',
    );
  });

  it('starts a rule or, for a chat, a fixture from a request, saying whose requests it will apply to', () => {
    const entry = journalEntry({
      method: 'POST',
      path: '/v1/agents/chat/request',
      operationId: 'chatRequest',
    });
    expect(faultDraftFromRequest(entry, accountTwo)).toMatchObject({
      title: 'New fault rule from POST /v1/agents/chat/request',
      note: 'The new rule applies to the requests of account 2.',
      fields: { method: 'POST', path: '/v1/agents/chat/request' },
    });
    expect(fixtureDraftFromRequest(entry, operator).note).toBe(
      'The new fixture applies to the requests of every account.',
    );
    expect(isChat(entry)).toBe(true);
    expect(isChat(journalEntry())).toBe(false);
  });
});
