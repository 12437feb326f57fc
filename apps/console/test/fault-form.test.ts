import { describe, expect, it } from 'vitest';
import {
  EMPTY_FAULT_FORM,
  faultFormFromRequest,
  faultFormOf,
  faultRuleInput,
  faultRulePatch,
} from '../src/lib/fault-form.js';

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

describe('the fault form to edit a rule, or to start one from a rule or a request', () => {
  const rule = {
    match: { method: 'POST' as const, path: '/v1/agents/*', tokenName: 'ci' },
    fault: { delayMs: 250, code: 503 as const, reset: true as const },
    times: 3,
    probability: 0.5,
    enabled: false,
  };

  it('shows a rule’s own fields, and builds the same rule back from them', () => {
    const fields = faultFormOf(rule);
    expect(fields).toMatchObject({
      method: 'POST',
      code: '503',
      delayMs: '250',
      reset: true,
      times: '3',
      enabled: false,
    });
    expect(faultRuleInput(fields)).toEqual({ ok: true, value: { ...rule } });
  });

  it('edits with every field, an emptied `times` and probability back to their defaults', () => {
    const fields = { ...faultFormOf(rule), times: '', probability: '', enabled: true };
    expect(faultRulePatch(fields)).toEqual({
      ok: true,
      value: { match: rule.match, fault: rule.fault, times: null, probability: 1, enabled: true },
    });
    expect(faultRulePatch({ ...fields, times: '0' })).toEqual({
      ok: false,
      errors: { times: 'must be from 1 to 1000000' },
    });
  });

  it('starts a rule from a request: its method and path, and the fault it asked for itself', () => {
    expect(faultFormFromRequest({ method: 'GET', path: '/v1/agents/view/1', fault: null })).toEqual({
      ...EMPTY_FAULT_FORM,
      method: 'GET',
      path: '/v1/agents/view/1',
    });
    const asked = faultFormFromRequest({
      method: 'POST',
      path: '/v1/agents/chat/request',
      fault: { source: 'prefer', ruleId: null, fault: { ttftMs: 500, disconnectAfter: 2 } },
    });
    expect(faultRuleInput(asked)).toEqual({
      ok: true,
      value: {
        match: { method: 'POST', path: '/v1/agents/chat/request' },
        fault: { ttftMs: 500, disconnectAfter: 2 },
      },
    });
  });
});
