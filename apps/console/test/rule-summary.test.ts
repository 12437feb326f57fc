import type { ChatFixture, FaultRule } from '@assistant-platform/types/admin';
import { describe, expect, it } from 'vitest';
import { faultRuleState, faultRuleText, fixtureState, fixtureText } from '../src/lib/rule-summary.js';
import { isOwnToken, revokeWords } from '../src/lib/token-revoke.js';

const rule: FaultRule = {
  id: 1,
  accountId: null,
  match: { method: 'POST', path: '/v1/agents/*', tokenName: 'ci' },
  fault: { code: 503, delayMs: 200 },
  times: 2,
  probability: 0.5,
  enabled: true,
  fired: 2,
  createdAt: '2026-01-02T03:04:05.000Z',
};
const fixture: ChatFixture = {
  id: 2,
  accountId: 3,
  match: { messageContains: 'parcel', intent: 'delivery' },
  answer: { json: { eta: 'tomorrow' } },
  times: null,
  enabled: false,
  used: 4,
  createdAt: '2026-01-02T03:04:05.000Z',
};

describe('rules and fixtures in words', () => {
  it('says which requests a rule applies to and what it does to them, in order', () => {
    expect(faultRuleText(rule)).toBe('POST /v1/agents/* of token ci → wait 200 ms, answer 503');
    expect(faultRuleText({ match: {}, fault: { dropAnswer: true } })).toBe(
      'Every request → do the work, then drop the answer',
    );
    expect(
      faultRuleText({ match: { path: '/v1/x' }, fault: { ttftMs: 5, tps: 2, disconnectAfter: 3 } }),
    ).toBe('Any method /v1/x → first event after 5 ms, 2 events/s, cut after 3 events');
  });

  it('says whether a rule still applies, how often it did, and whose requests it is for', () => {
    expect(faultRuleState(rule)).toBe(
      'used up · fired 2 of 2 times · probability 0.5 · applies to every account',
    );
    expect(faultRuleState({ ...rule, enabled: false, fired: 0 })).toMatch(/^disabled · fired 0 of 2 times/);
  });

  it('says which chats a fixture answers, and with what', () => {
    expect(fixtureText(fixture)).toBe(
      'Chats whose message contains “parcel”, intent “delivery” → JSON {"eta":"tomorrow"}',
    );
    expect(fixtureText({ match: {}, answer: { content: 'x'.repeat(100) } })).toBe(
      `Every chat → “${'x'.repeat(80)}…”`,
    );
    expect(fixtureState(fixture)).toBe('disabled · used 4 times · answers account 3');
  });
});

describe('revoking a token', () => {
  const token = { id: 9, name: 'ci', accountId: 1, scopes: ['agents:read' as const] };

  it('names the token and says it cannot be undone', () => {
    const words = revokeWords(token, { tokenId: 3 });
    expect(words).toMatchObject({ title: 'Revoke token ci?', warning: null, confirm: 'Revoke ci' });
    expect(words.text).toContain('#9, account 1');
    expect(words.text).toContain('cannot be undone');
  });

  it('warns when it is the token the console is signed in with', () => {
    expect(isOwnToken(token, { tokenId: 9 })).toBe(true);
    const words = revokeWords(token, { tokenId: 9 });
    expect(words.warning).toMatch(/the token you are signed in with/);
    expect(words.confirm).toBe('Revoke ci and sign out');
  });
});
