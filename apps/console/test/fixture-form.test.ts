import { describe, expect, it } from 'vitest';
import {
  chatFixtureInput,
  chatFixturePatch,
  EMPTY_FIXTURE_FORM,
  fixtureFormFromRequest,
  fixtureFormOf,
} from '../src/lib/fixture-form.js';
import { chatChunk } from './entry.js';

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

describe('the chat fixture form to edit a fixture, or to start one from a fixture or a chat', () => {
  it('shows a fixture’s own fields, its finish reason too, and builds the same fixture back', () => {
    const fixture = {
      match: { messageContains: 'parcel', intent: 'delivery' },
      answer: { content: 'On its way.', finishReason: 'length' as const },
      times: 2,
      enabled: false,
    };
    const fields = fixtureFormOf(fixture);
    expect(fields).toMatchObject({ kind: 'content', finishReason: 'length', times: '2', enabled: false });
    expect(chatFixtureInput(fields)).toEqual({ ok: true, value: fixture });
    expect(chatFixturePatch({ ...fields, times: '', enabled: true })).toEqual({
      ok: true,
      value: { match: fixture.match, answer: fixture.answer, times: null, enabled: true },
    });
  });

  it('shows a JSON answer as indented JSON', () => {
    const fields = fixtureFormOf({ match: {}, answer: { json: { ok: true } }, times: null, enabled: true });
    expect(fields).toMatchObject({ kind: 'json', answer: '{\n  "ok": true\n}' });
    expect(chatFixtureInput(fields)).toEqual({
      ok: true,
      value: { match: {}, answer: { json: { ok: true } } },
    });
  });

  it('starts a fixture from a chat: its message’s first line, and the answer it got', () => {
    const requestBody = {
      message: {
        role: 'user',
        content: [
          { type: 'image_url', image_url: { url: 'x' } },
          { type: 'text', text: '\nWhere is my parcel?\nOrder 42' },
        ],
      },
    };
    const answered = { data: { request: [{ message: { role: 'assistant', content: 'Tomorrow.' } }] } };
    expect(fixtureFormFromRequest({ requestBody, responseBody: answered, events: null })).toMatchObject({
      messageContains: 'Where is my parcel?',
      kind: 'content',
      answer: 'Tomorrow.',
    });
  });

  it('gives a streamed chat’s answer assembled from its events, and cuts a long message to what a fixture holds', () => {
    const fields = fixtureFormFromRequest({
      requestBody: { message: { role: 'user', content: [{ type: 'text', text: 'x'.repeat(1500) }] } },
      responseBody: null,
      events: [
        { atMs: 1, event: null, data: chatChunk('Tomor') },
        { atMs: 2, event: null, data: chatChunk('row.') },
        { atMs: 3, event: null, data: '[DONE]' },
      ],
    });
    expect(fields.answer).toBe('Tomorrow.');
    expect(fields.messageContains).toHaveLength(1000);
  });
});
