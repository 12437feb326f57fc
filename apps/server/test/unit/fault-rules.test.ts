import { ContractValidationError } from '@assistant-platform/types';
import { describe, expect, it } from 'vitest';
import { FaultRules, MAX_FAULT_RULES } from '../../src/admin/fault-rules.js';

const chat = { method: 'POST', path: '/v1/agents/chat/request', tokenName: 'ci' };
const get = { method: 'GET', path: '/v1/agents/view/1', tokenName: 'ci' };

describe('fault rules', () => {
  it('keeps rules with their defaults, tried oldest first', () => {
    const rules = new FaultRules(1);
    const first = rules.add({ match: { method: 'POST' }, fault: { code: 503 } });
    expect(first).toEqual({
      id: 1,
      match: { method: 'POST' },
      fault: { code: 503 },
      times: null,
      probability: 1,
      fired: 0,
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    rules.add({ match: {}, fault: { delayMs: 10 } });
    expect(rules.pick(chat)?.id).toBe(1);
    expect(rules.pick(get)?.id).toBe(2);
    expect(rules.list().map((rule) => [rule.id, rule.fired])).toEqual([
      [1, 1],
      [2, 1],
    ]);
  });

  it('matches on method, path (a trailing * for a prefix) and token name, all given', () => {
    const rules = new FaultRules(1);
    rules.add({ match: { path: '/v1/agents/view/*', tokenName: 'ci' }, fault: { code: 404 } });
    expect(rules.pick(get)?.id).toBe(1);
    expect(rules.pick({ ...get, tokenName: 'other' })).toBeUndefined();
    expect(rules.pick({ ...get, tokenName: undefined })).toBeUndefined();
    expect(rules.pick(chat)).toBeUndefined();
    rules.clear();
    rules.add({ match: { path: '/v1/agents/view/1' }, fault: { code: 404 } });
    expect(rules.pick(get)?.id).toBe(1);
    expect(rules.pick({ ...get, path: '/v1/agents/view/10' })).toBeUndefined();
  });

  it('applies a rule `times` times, then the next matching rule', () => {
    const rules = new FaultRules(1);
    rules.add({ match: { method: 'POST' }, fault: { code: 503 }, times: 2 });
    rules.add({ match: {}, fault: { delayMs: 5 } });
    expect([1, 2, 3, 4].map(() => rules.pick(chat)?.id)).toEqual([1, 1, 2, 2]);
    expect(rules.list()[0]).toMatchObject({ times: 2, fired: 2 });
  });

  it('draws a rule’s probability from FAULT_SEED: the same seed repeats, clear() starts it again', () => {
    const run = (rules: FaultRules) => Array.from({ length: 40 }, () => (rules.pick(chat) ? 1 : 0)).join('');
    const seeded = new FaultRules(1);
    seeded.add({ match: {}, fault: { code: 500 }, probability: 0.5 });
    const first = run(seeded);
    const again = new FaultRules(1);
    again.add({ match: {}, fault: { code: 500 }, probability: 0.5 });
    expect(run(again)).toBe(first);
    seeded.clear();
    seeded.add({ match: {}, fault: { code: 500 }, probability: 0.5 });
    expect(run(seeded)).toBe(first);
    const other = new FaultRules(2);
    other.add({ match: {}, fault: { code: 500 }, probability: 0.5 });
    expect(run(other)).not.toBe(first);
    const fired = [...first].filter((c) => c === '1').length;
    expect(fired).toBeGreaterThan(8);
    expect(fired).toBeLessThan(32);
    expect(seeded.list()[0]?.fired).toBe(fired);
  });

  it('a lost draw means no fault for that request: later rules are not tried', () => {
    const rules = new FaultRules(1);
    rules.add({ match: {}, fault: { code: 500 }, probability: 0.000001 });
    rules.add({ match: {}, fault: { delayMs: 5 } });
    expect(rules.pick(chat)).toBeUndefined();
  });

  it(`keeps at most ${MAX_FAULT_RULES} rules; remove and clear free room`, () => {
    const rules = new FaultRules(1);
    for (let i = 0; i < MAX_FAULT_RULES; i++) rules.add({ match: {}, fault: { code: 500 } });
    let refused: unknown;
    try {
      rules.add({ match: {}, fault: { code: 500 } });
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(ContractValidationError);
    expect((refused as ContractValidationError).issues).toEqual([
      { path: '', message: 'at most 100 fault rules are kept: remove one first' },
    ]);
    expect(rules.remove(7)?.id).toBe(7);
    expect(rules.remove(7)).toBeUndefined();
    expect(rules.add({ match: {}, fault: { code: 500 } }).id).toBe(101);
    expect(rules.clear()).toBe(100);
    expect(rules.list()).toEqual([]);
    expect(rules.add({ match: {}, fault: { code: 500 } }).id).toBe(1);
  });
});
