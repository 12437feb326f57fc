import { ContractValidationError } from '@assistant-platform/types';
import { describe, expect, it } from 'vitest';
import { FaultRules, MAX_FAULT_RULES } from '../../src/admin/fault-rules.js';

const chat = { method: 'POST', path: '/v1/agents/chat/request', tokenName: 'ci', accountId: 1 };
const get = { method: 'GET', path: '/v1/agents/view/1', tokenName: 'ci', accountId: 1 };

describe('fault rules', () => {
  it('keeps rules with their defaults, tried oldest first', () => {
    const rules = new FaultRules(1);
    const first = rules.add({ match: { method: 'POST' }, fault: { code: 503 } }, null);
    expect(first).toEqual({
      id: 1,
      accountId: null,
      match: { method: 'POST' },
      fault: { code: 503 },
      times: null,
      probability: 1,
      enabled: true,
      fired: 0,
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    rules.add({ match: {}, fault: { delayMs: 10 } }, null);
    expect(rules.pick(chat)?.id).toBe(1);
    expect(rules.pick(get)?.id).toBe(2);
    expect(rules.list('all').map((rule) => [rule.id, rule.fired])).toEqual([
      [1, 1],
      [2, 1],
    ]);
  });

  it('skips a disabled rule, and an edit keeps its place, account and count', () => {
    const rules = new FaultRules(1);
    rules.add({ match: {}, fault: { code: 503 } }, 1);
    rules.add({ match: {}, fault: { code: 500 } }, null);
    expect(rules.pick(get)?.id).toBe(1);
    expect(rules.update(1, { enabled: false }, 2)).toBeUndefined();
    expect(rules.update(1, { enabled: false, fault: { code: 502 } }, 1)).toMatchObject({
      id: 1,
      accountId: 1,
      enabled: false,
      fault: { code: 502 },
      fired: 1,
    });
    expect(rules.pick(get)?.id).toBe(2);
    rules.update(1, { enabled: true }, 'all');
    expect(rules.pick(get)?.fault).toEqual({ code: 502 });
    expect(rules.list('all').map((rule) => [rule.id, rule.fired])).toEqual([
      [1, 2],
      [2, 1],
    ]);
  });

  it('matches on method, path (a trailing * for a prefix) and token name, all given', () => {
    const rules = new FaultRules(1);
    rules.add({ match: { path: '/v1/agents/view/*', tokenName: 'ci' }, fault: { code: 404 } }, null);
    expect(rules.pick(get)?.id).toBe(1);
    expect(rules.pick({ ...get, tokenName: 'other' })).toBeUndefined();
    expect(rules.pick({ ...get, tokenName: undefined })).toBeUndefined();
    expect(rules.pick(chat)).toBeUndefined();
    rules.clear('all');
    rules.add({ match: { path: '/v1/agents/view/1' }, fault: { code: 404 } }, null);
    expect(rules.pick(get)?.id).toBe(1);
    expect(rules.pick({ ...get, path: '/v1/agents/view/10' })).toBeUndefined();
  });

  it('applies a rule `times` times, then the next matching rule', () => {
    const rules = new FaultRules(1);
    rules.add({ match: { method: 'POST' }, fault: { code: 503 }, times: 2 }, null);
    rules.add({ match: {}, fault: { delayMs: 5 } }, null);
    expect([1, 2, 3, 4].map(() => rules.pick(chat)?.id)).toEqual([1, 1, 2, 2]);
    expect(rules.list('all')[0]).toMatchObject({ times: 2, fired: 2 });
  });

  it('draws a rule’s probability from FAULT_SEED: the same seed repeats, clearing them all starts it again', () => {
    const run = (rules: FaultRules) => Array.from({ length: 40 }, () => (rules.pick(chat) ? 1 : 0)).join('');
    const seeded = new FaultRules(1);
    seeded.add({ match: {}, fault: { code: 500 }, probability: 0.5 }, null);
    const first = run(seeded);
    const again = new FaultRules(1);
    again.add({ match: {}, fault: { code: 500 }, probability: 0.5 }, null);
    expect(run(again)).toBe(first);
    seeded.clear('all');
    seeded.add({ match: {}, fault: { code: 500 }, probability: 0.5 }, null);
    expect(run(seeded)).toBe(first);
    const other = new FaultRules(2);
    other.add({ match: {}, fault: { code: 500 }, probability: 0.5 }, null);
    expect(run(other)).not.toBe(first);
    const fired = [...first].filter((c) => c === '1').length;
    expect(fired).toBeGreaterThan(8);
    expect(fired).toBeLessThan(32);
    expect(seeded.list('all')[0]?.fired).toBe(fired);
  });

  it('a lost draw means no fault for that request: later rules are not tried', () => {
    const rules = new FaultRules(1);
    rules.add({ match: {}, fault: { code: 500 }, probability: 0.000001 }, null);
    rules.add({ match: {}, fault: { delayMs: 5 } }, null);
    expect(rules.pick(chat)).toBeUndefined();
  });

  it(`keeps at most ${MAX_FAULT_RULES} rules; remove and clear free room`, () => {
    const rules = new FaultRules(1);
    for (let i = 0; i < MAX_FAULT_RULES; i++) rules.add({ match: {}, fault: { code: 500 } }, null);
    let refused: unknown;
    try {
      rules.add({ match: {}, fault: { code: 500 } }, null);
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(ContractValidationError);
    expect((refused as ContractValidationError).issues).toEqual([
      { path: '', message: 'at most 100 fault rules are kept per account: remove one first' },
    ]);
    expect(rules.remove(7, 'all')?.id).toBe(7);
    expect(rules.remove(7, 'all')).toBeUndefined();
    expect(rules.add({ match: {}, fault: { code: 500 } }, null).id).toBe(101);
    expect(rules.clear('all')).toBe(100);
    expect(rules.list('all')).toEqual([]);
    expect(rules.add({ match: {}, fault: { code: 500 } }, null).id).toBe(1);
  });

  it('applies an account’s rules to its requests only, and operators’ to every request', () => {
    const rules = new FaultRules(1);
    rules.add({ match: {}, fault: { code: 503 } }, 2);
    rules.add({ match: { method: 'GET' }, fault: { code: 500 } }, null);
    expect(rules.pick({ ...chat, accountId: 1 })).toBeUndefined();
    expect(rules.pick({ ...chat, accountId: 2 })?.id).toBe(1);
    expect(rules.pick({ ...get, accountId: 1 })?.id).toBe(2);
    expect(rules.pick({ ...get, accountId: undefined })?.id).toBe(2);
    // Oldest first across the account's and the operators' rules.
    expect(rules.pick({ ...get, accountId: 2 })?.id).toBe(1);
  });

  it('lists, removes and clears within reach: an account’s own, or all', () => {
    const rules = new FaultRules(1);
    rules.add({ match: {}, fault: { code: 503 } }, 1);
    rules.add({ match: {}, fault: { code: 503 } }, 2);
    rules.add({ match: {}, fault: { code: 503 } }, null);
    expect(rules.list(1).map((rule) => rule.id)).toEqual([1]);
    expect(rules.list('all').map((rule) => rule.id)).toEqual([1, 2, 3]);
    expect(rules.remove(2, 1)).toBeUndefined();
    expect(rules.remove(3, 1)).toBeUndefined();
    expect(rules.clear(1)).toBe(1);
    expect(rules.list('all').map((rule) => [rule.id, rule.accountId])).toEqual([
      [2, 2],
      [3, null],
    ]);
    expect(rules.remove(2, 'all')?.id).toBe(2);
  });

  it(`keeps ${MAX_FAULT_RULES} rules per account: one account’s full list leaves room for others`, () => {
    const rules = new FaultRules(1);
    for (let i = 0; i < MAX_FAULT_RULES; i++) rules.add({ match: {}, fault: { code: 500 } }, 2);
    expect(() => rules.add({ match: {}, fault: { code: 500 } }, 2)).toThrow(ContractValidationError);
    expect(rules.add({ match: {}, fault: { code: 500 } }, 1).accountId).toBe(1);
    expect(rules.add({ match: {}, fault: { code: 500 } }, null).accountId).toBeNull();
  });

  it('draws each account’s chances from its own sequence: another account’s requests never shift it', () => {
    const run = (rules: FaultRules, accountId: number) =>
      Array.from({ length: 40 }, () => (rules.pick({ ...chat, accountId }) ? 1 : 0)).join('');
    const alone = new FaultRules(1);
    alone.add({ match: {}, fault: { code: 500 }, probability: 0.5 }, null);
    const expected = run(alone, 1);
    const busy = new FaultRules(1);
    busy.add({ match: {}, fault: { code: 500 }, probability: 0.5 }, null);
    const mine: string[] = [];
    for (let i = 0; i < 40; i++) {
      run(busy, 2);
      mine.push(busy.pick({ ...chat, accountId: 1 }) ? '1' : '0');
    }
    expect(mine.join('')).toBe(expected);
    // Clearing an account's rules starts its sequence again, and only its.
    busy.add({ match: {}, fault: { code: 500 }, probability: 0.5 }, 1);
    busy.clear(1);
    expect(run(busy, 1)).toBe(expected);
  });
});
