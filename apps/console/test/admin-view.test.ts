import { describe, expect, it } from 'vitest';
import { grantableScopes, ownerText, seesViolations, viewLabel } from '../src/lib/admin-view.js';
import { stateWords } from '../src/lib/state-words.js';

describe('the view of the signed-in token', () => {
  it('names the operator’s view and an account’s', () => {
    expect(viewLabel({ view: 'operator', accountId: 1 })).toBe('Operator: every account');
    expect(viewLabel({ view: 'account', accountId: 2 })).toBe('Account 2');
  });

  it('lets only an operator give `operator` or read the violations summary', () => {
    expect(grantableScopes('account')).not.toContain('operator');
    expect(grantableScopes('account')).toContain('*');
    expect(grantableScopes('operator')).toContain('operator');
    expect(seesViolations('account')).toBe(false);
    expect(seesViolations('operator')).toBe(true);
  });

  it('says whose requests a rule applies to, and what a reset or import covers', () => {
    expect(ownerText(null)).toBe('every account');
    expect(ownerText(3)).toBe('account 3');
    expect(stateWords({ view: 'account', accountId: 2 }).reset).toBe('Reset account 2');
    expect(stateWords({ view: 'operator', accountId: 1 }).reset).toBe('Reset server');
    expect(stateWords({ view: 'account', accountId: 2 }).importWarning('a.json')).toContain('account 2');
  });

  it('says that a reset drops the tokens made since start-up, the CLI’s too, and what it keeps', () => {
    for (const caller of [
      { view: 'operator', accountId: 1 },
      { view: 'account', accountId: 2 },
    ] as const) {
      const words = stateWords(caller);
      expect(words.resetDrops[0]).toMatch(/tokens? made since start-up: .*with the CLI/);
      expect(words.lockOut).toMatch(/refused/);
    }
    expect(stateWords({ view: 'account', accountId: 2 }).resetKeeps).toContain(
      'every other account’s data, requests, rules and fixtures',
    );
    expect(stateWords({ view: 'operator', accountId: 1 }).resetDrops.join(' ')).toMatch(/whole journal/);
  });
});
