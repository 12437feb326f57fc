/**
 * What the fault and fixture forms start from, besides empty: a rule or fixture to edit (the
 * form then sends `PATCH`), one to duplicate, or a recorded request to make one from (both then
 * add a new one with `POST`, the form filled in first so it can be changed). Each draft names
 * itself for the form's heading and says whose requests the new one will apply to: an operator's
 * rules apply to every account's, so a copy an operator makes of an account's rule does not stay
 * that account's, and the form says so rather than let it surprise.
 */
import type { Caller, ChatFixture, FaultRule, JournalEntry } from '@assistant-platform/types/admin';
import { ownerText } from './admin-view.js';
import { type FaultFormFields, faultFormFromRequest, faultFormOf } from './fault-form.js';
import { type FixtureFormFields, fixtureFormFromRequest, fixtureFormOf } from './fixture-form.js';

export interface FormDraft<Fields> {
  fields: Fields;
  /** The form's heading. */
  title: string;
  /** The id of the rule or fixture it edits; undefined when it adds one. */
  editing?: number;
  /** Whose requests what it adds will apply to, when that needs saying. */
  note?: string;
}

export type FaultDraft = FormDraft<FaultFormFields>;
export type FixtureDraft = FormDraft<FixtureFormFields>;

/** A draft made on the Requests view for the Faults & fixtures view. */
export type RequestDraft = { kind: 'fault'; draft: FaultDraft } | { kind: 'fixture'; draft: FixtureDraft };

type View = Pick<Caller, 'view' | 'accountId'>;

/** Whose the rules and fixtures this view adds are: its account's, or (null) every account's. */
const ownerOf = (caller: View) => (caller.view === 'operator' ? null : caller.accountId);

function copyNote(kind: 'rule' | 'fixture', from: number | null, caller: View): string | undefined {
  const owner = ownerOf(caller);
  if (from === owner) return undefined;
  return `The copy is a new ${kind} of yours: it applies to the requests of ${ownerText(owner)}, not only ${ownerText(from)}’s. Give it a token name to narrow it.`;
}

const newNote = (kind: 'rule' | 'fixture', caller: View) =>
  `The new ${kind} applies to the requests of ${ownerText(ownerOf(caller))}.`;

export const editFaultDraft = (rule: FaultRule): FaultDraft => ({
  fields: faultFormOf(rule),
  title: `Edit fault rule ${rule.id}`,
  editing: rule.id,
});

export function duplicateFaultDraft(rule: FaultRule, caller: View): FaultDraft {
  const note = copyNote('rule', rule.accountId, caller);
  return {
    fields: faultFormOf(rule),
    title: `New fault rule, a copy of rule ${rule.id}`,
    ...(note && { note }),
  };
}

export const faultDraftFromRequest = (entry: JournalEntry, caller: View): FaultDraft => ({
  fields: faultFormFromRequest(entry),
  title: `New fault rule from ${entry.method} ${entry.path}`,
  note: newNote('rule', caller),
});

export const editFixtureDraft = (fixture: ChatFixture): FixtureDraft => ({
  fields: fixtureFormOf(fixture),
  title: `Edit chat fixture ${fixture.id}`,
  editing: fixture.id,
});

export function duplicateFixtureDraft(fixture: ChatFixture, caller: View): FixtureDraft {
  const note = copyNote('fixture', fixture.accountId, caller);
  return {
    fields: fixtureFormOf(fixture),
    title: `New chat fixture, a copy of fixture ${fixture.id}`,
    ...(note && { note }),
  };
}

export const fixtureDraftFromRequest = (entry: JournalEntry, caller: View): FixtureDraft => ({
  fields: fixtureFormFromRequest(entry),
  title: `New chat fixture from ${entry.method} ${entry.path}`,
  note: newNote('fixture', caller),
});

/** Whether a recorded request is a chat, which a fixture can answer. */
export const isChat = (entry: Pick<JournalEntry, 'operationId'>) => entry.operationId === 'chatRequest';
