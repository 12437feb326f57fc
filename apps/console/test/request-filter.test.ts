import { describe, expect, it } from 'vitest';
import { matchesFilter, mergeEntries, NO_FILTER } from '../src/lib/request-filter.js';
import { chatChunk, journalEntry } from './entry.js';

const chat = journalEntry({ id: 2, method: 'POST', path: '/v1/agents/chat/request', status: 503 });
const view = journalEntry({ id: 1 });
const anonymous = journalEntry({ id: 3, status: 401, token: null });
const shown = (filter: Partial<typeof NO_FILTER>) =>
  [chat, view, anonymous]
    .filter((entry) => matchesFilter(entry, { ...NO_FILTER, ...filter }))
    .map((e) => e.id);

describe('the request filters', () => {
  it('match everything when empty', () => expect(shown({})).toEqual([2, 1, 3]));
  it('filter by method', () => expect(shown({ method: 'POST' })).toEqual([2]));
  it('filter by a part of the path, or a prefix with *', () => {
    expect(shown({ path: 'chat' })).toEqual([2]);
    expect(shown({ path: '/v1/agents/view*' })).toEqual([1, 3]);
    expect(shown({ path: 'chat*' })).toEqual([]);
  });
  it('filter by exact status or status class', () => {
    expect(shown({ status: '503' })).toEqual([2]);
    expect(shown({ status: '4xx' })).toEqual([3]);
    expect(shown({ status: '2XX' })).toEqual([1]);
  });
  it('filter by token name; requests without a token never match one', () =>
    expect(shown({ tokenName: 'all' })).toEqual([2, 1]));
});

describe('the body search', () => {
  const asked = journalEntry({
    id: 4,
    method: 'POST',
    requestBody: { message: 'Where is my PARCEL?' },
    responseBody: 'plain text answer',
  });
  const streamed = journalEntry({
    id: 5,
    responseBody: null,
    events: [
      { atMs: 1, event: null, data: chatChunk('Your par') },
      { atMs: 2, event: null, data: chatChunk('cel is late') },
      { atMs: 3, event: null, data: '[DONE]' },
    ],
  });
  const found = (body: string) =>
    [asked, streamed, view].filter((entry) => matchesFilter(entry, { ...NO_FILTER, body })).map((e) => e.id);

  it('finds text in the request body, any case', () => expect(found('parcel?')).toEqual([4]));
  it('finds text in an answer given as text', () => expect(found('TEXT ANSWER')).toEqual([4]));
  it('finds JSON as the body’s text has it', () => expect(found('"success":true')).toEqual([1]));
  it('finds a phrase a stream cut into several events, in its assembled answer', () =>
    expect(found('parcel is late')).toEqual([5]));
  it('matches every entry when empty or blank', () => expect(found('  ')).toEqual([4, 5, 1]));
});

describe('merging the list with the stream', () => {
  it('keeps each entry once, newest first, at most max', () => {
    const merged = mergeEntries([view, chat], [anonymous, chat], 2);
    expect(merged.map((e) => e.id)).toEqual([3, 2]);
  });

  it('keeps a new entry whose id an entry from before a reset had', () => {
    const before = journalEntry({ id: 1, requestId: 'old', at: '2026-01-01T00:00:00.000Z' });
    const after = journalEntry({ id: 1, requestId: 'new', at: '2026-01-01T00:00:05.000Z' });
    expect(mergeEntries([before], [after], 10).map((e) => e.requestId)).toEqual(['new', 'old']);
  });
});
