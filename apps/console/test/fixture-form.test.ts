import { describe, expect, it } from 'vitest';
import { chatFixtureInput, EMPTY_FIXTURE_FORM } from '../src/lib/fixture-form.js';

const form = (fields: Partial<typeof EMPTY_FIXTURE_FORM>) =>
  chatFixtureInput({ ...EMPTY_FIXTURE_FORM, ...fields });

describe('the chat fixture form', () => {
  it('builds a text answer for matching messages', () => {
    expect(form({ messageContains: 'parcel', answer: 'On its way.', times: '1' })).toEqual({
      ok: true,
      value: { match: { messageContains: 'parcel' }, answer: { content: 'On its way.' }, times: 1 },
    });
  });

  it('builds a JSON answer from its text, and names invalid JSON', () => {
    expect(form({ kind: 'json', answer: '{"ok":true}' })).toEqual({
      ok: true,
      value: { match: {}, answer: { json: { ok: true } } },
    });
    expect(form({ kind: 'json', answer: '{ok' })).toEqual({
      ok: false,
      errors: { answer: 'is not valid JSON' },
    });
  });

  it('refuses an empty text answer', () => {
    expect(form({})).toEqual({ ok: false, errors: { answer: 'is empty' } });
  });
});
