import { describe, expect, it } from 'vitest';
import { EMPTY_FAULT_FORM, faultRuleInput } from '../src/lib/fault-form.js';

const form = (fields: Partial<typeof EMPTY_FAULT_FORM>) => faultRuleInput({ ...EMPTY_FAULT_FORM, ...fields });

describe('the fault form', () => {
  it('builds the smallest rule from the defaults: every request answers 503', () => {
    expect(form({})).toEqual({ ok: true, value: { match: {}, fault: { code: 503 } } });
  });

  it('builds a full rule, numbers as numbers, empty fields left out', () => {
    expect(
      form({
        method: 'POST',
        path: ' /v1/agents/chat/request ',
        tokenName: 'chat',
        code: '',
        delayMs: '250',
        ttftMs: '100',
        tps: '2.5',
        disconnectAfter: '3',
        times: '2',
        probability: '0.5',
      }),
    ).toEqual({
      ok: true,
      value: {
        match: { method: 'POST', path: '/v1/agents/chat/request', tokenName: 'chat' },
        fault: { delayMs: 250, ttftMs: 100, tps: 2.5, disconnectAfter: 3 },
        times: 2,
        probability: 0.5,
      },
    });
  });

  it('builds a dropped answer', () => {
    expect(form({ code: '', dropAnswer: true })).toMatchObject({
      ok: true,
      value: { fault: { dropAnswer: true } },
    });
  });

  it('builds a reset', () => {
    expect(form({ code: '', reset: true })).toMatchObject({ ok: true, value: { fault: { reset: true } } });
  });

  it('names each field outside the contract’s bounds', () => {
    const result = form({ code: '', path: 'v1', delayMs: '60001', tps: '0', times: '1.5', probability: '0' });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(Object.keys(result.errors).sort()).toEqual([
      'delayMs',
      'fault',
      'path',
      'probability',
      'times',
      'tps',
    ]);
    expect(result.errors.delayMs).toBe('must be from 0 to 30000');
    expect(result.errors.tps).toBe('must be from 0.1 to 10000');
    expect(result.errors.times).toBe('must be a whole number');
    // The contract's exclusive minimum: a rule that can never fire is refused.
    expect(result.errors.probability).toBe('must be more than 0 and at most 1');
  });
});
