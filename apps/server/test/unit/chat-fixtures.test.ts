import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, ContractValidationError } from '@assistant-platform/types';
import { describe, expect, it } from 'vitest';
import { ChatFixtures, MAX_CHAT_FIXTURES } from '../../src/admin/chat-fixtures.js';
import { adminValidator } from '../../src/contract/admin-validator.js';

const fixtures = () => new ChatFixtures(adminValidator());
const chat = {
  message: 'Where is my parcel? Order 1234.',
  agentName: 'Support triage',
  intents: ['delivery'],
  accountId: 1,
};
const answer = { content: 'On its way.' };

function refusal(add: () => unknown): ContractValidationError {
  try {
    add();
  } catch (error) {
    if (error instanceof ContractValidationError) return error;
    throw error;
  }
  throw new Error('not refused');
}

describe('chat fixtures', () => {
  it('answers with the first fixture whose every field matches, counting its uses', () => {
    const store = fixtures();
    store.add({ match: { messageContains: 'refund' }, answer }, null);
    store.add(
      {
        match: { messageMatches: 'Order \\d{4}', agentName: 'Support triage', intent: 'delivery' },
        answer,
      },
      null,
    );
    store.add({ match: {}, answer: { json: { fallback: true } } }, null);
    expect(store.pick(chat)?.id).toBe(2);
    expect(store.pick({ ...chat, intents: [] })?.id).toBe(3);
    expect(store.pick({ ...chat, agentName: 'Billing' })?.id).toBe(3);
    expect(store.pick({ ...chat, message: 'where is my PARCEL' })?.id).toBe(3);
    expect(store.list('all').map((f) => [f.id, f.used, f.times])).toEqual([
      [1, 0, null],
      [2, 1, null],
      [3, 3, null],
    ]);
  });

  it('answers `times` chats at most', () => {
    const store = fixtures();
    store.add({ match: { messageContains: 'parcel' }, answer, times: 2 }, null);
    expect([1, 2, 3].map(() => store.pick(chat)?.id)).toEqual([1, 1, undefined]);
  });

  it.each([
    ['lookahead', 'parcel(?=\\?)'],
    ['lookbehind', '(?<=my )parcel'],
    ['a backreference', '(p)arcel\\1'],
    ['an unclosed class', '[a-'],
  ])('refuses a pattern RE2 cannot run (%s), naming /match/messageMatches', (_kind, pattern) => {
    const error = refusal(() => fixtures().add({ match: { messageMatches: pattern }, answer }, null));
    expect(error.issues).toEqual([
      { path: '/match/messageMatches', message: expect.stringMatching(/^must be an RE2 regular expression/) },
    ]);
  });

  it(`keeps at most ${MAX_CHAT_FIXTURES}; clearing them all starts ids from 1 again`, () => {
    const store = fixtures();
    for (let i = 0; i < MAX_CHAT_FIXTURES; i++) store.add({ match: {}, answer }, null);
    expect(refusal(() => store.add({ match: {}, answer }, null)).issues[0]?.path).toBe('');
    expect(store.remove(1000, 'all')?.id).toBe(1000);
    expect(store.remove(1000, 'all')).toBeUndefined();
    expect(store.clear('all')).toBe(999);
    expect(store.add({ match: {}, answer }, null).id).toBe(1);
  });

  it('answers an account’s chats with its fixtures and operators’, never another account’s', () => {
    const store = fixtures();
    store.add({ match: { messageContains: 'parcel' }, answer: { content: 'two' } }, 2);
    store.add({ match: {}, answer: { content: 'everyone' } }, null);
    expect(store.pick({ ...chat, accountId: 1 })?.answer).toEqual({ content: 'everyone' });
    expect(store.pick({ ...chat, accountId: 2 })?.answer).toEqual({ content: 'two' });
    expect(store.list(1)).toEqual([]);
    expect(store.list(2).map((f) => f.id)).toEqual([1]);
    expect(store.remove(2, 2)).toBeUndefined();
    expect(store.clear(2)).toBe(1);
    expect(store.list('all').map((f) => [f.id, f.accountId])).toEqual([[2, null]]);
  });

  it(`keeps ${MAX_CHAT_FIXTURES} per account: a full account leaves room for others`, () => {
    const store = fixtures();
    for (let i = 0; i < MAX_CHAT_FIXTURES; i++) store.add({ match: {}, answer }, 2);
    expect(refusal(() => store.add({ match: {}, answer }, 2)).issues[0]?.message).toMatch(/per account/);
    expect(store.add({ match: {}, answer }, 1).accountId).toBe(1);
  });
});

describe('the CHAT_FIXTURES file', () => {
  const dir = mkdtempSync(join(tmpdir(), 'chat-fixtures-'));
  const file = (name: string, content: string) => {
    const path = join(dir, name);
    writeFileSync(path, content);
    return path;
  };

  it('loads a JSON array of fixtures', () => {
    const store = fixtures();
    const loaded = store.load(
      file('good.json', JSON.stringify([{ match: { intent: 'delivery' }, answer, times: 1 }])),
    );
    expect(loaded.map((f) => f.id)).toEqual([1]);
    expect(store.pick(chat)?.id).toBe(1);
  });

  it.each([
    ['not JSON', 'broken.json', '[{', /CHAT_FIXTURES: .*broken\.json: /],
    [
      'not the schema',
      'invalid.json',
      JSON.stringify([{ match: {}, answer: {} }, { answer }]),
      /CHAT_FIXTURES: .*invalid\.json: \[1\]\.match: is required/,
    ],
    [
      'a pattern RE2 refuses',
      'lookahead.json',
      JSON.stringify([{ match: { messageMatches: '(?=x)' }, answer }]),
      /\[0\]\.match\.messageMatches: must be an RE2/,
    ],
    ['missing', 'missing.json', undefined, /CHAT_FIXTURES: .*missing\.json: ENOENT/],
  ])(
    'stops start-up when the file is %s, naming the variable, the path and the entry',
    (_kind, name, content, message) => {
      const path = content === undefined ? join(dir, name) : file(name, content);
      const store = fixtures();
      expect(() => store.load(path)).toThrow(ConfigError);
      expect(() => store.load(path)).toThrow(message);
      expect(store.list('all')).toEqual([]);
    },
  );
});
