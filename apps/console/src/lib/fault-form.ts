/**
 * The fault form's fields (all text, as inputs give them) turned into the admin API's
 * FaultRuleInput (to add a rule) or FaultRulePatch (to edit one: every field sent, an empty one
 * meaning the contract's default), checked against the admin contract's declared limits
 * (`ADMIN_LIMITS`); and the fields a form starts from: a rule's own (to edit or duplicate it) or a
 * recorded request's (its method and path, and the fault it asked for with `Prefer`, if any).
 */
import {
  ADMIN_LIMITS,
  type FaultRule,
  type FaultRuleInput,
  type FaultRulePatch,
  type FaultStatus,
  type Fault as FaultValue,
  type JournalEntry,
} from '@assistant-platform/types/admin';
import { defined, type FormResult, fieldReader } from './form-fields.js';

export interface FaultFormFields {
  method: string;
  path: string;
  tokenName: string;
  code: string;
  delayMs: string;
  ttftMs: string;
  tps: string;
  disconnectAfter: string;
  reset: boolean;
  dropAnswer: boolean;
  times: string;
  probability: string;
  enabled: boolean;
}

export const EMPTY_FAULT_FORM: FaultFormFields = {
  method: '',
  path: '',
  tokenName: '',
  code: '503',
  delayMs: '',
  ttftMs: '',
  tps: '',
  disconnectAfter: '',
  reset: false,
  dropAnswer: false,
  times: '',
  probability: '',
  enabled: true,
};

const { Fault, FaultMatch, FaultRuleInput: RuleLimits } = ADMIN_LIMITS;

/** The statuses a fault may answer (the contract's FaultStatus). */
export const FAULT_STATUSES: readonly FaultStatus[] = Fault.code.enum;
/** The methods a rule may match (the contract's HttpMethod). */
export const FAULT_METHODS: readonly string[] = FaultMatch.method.enum;
/** The longest delay a fault may add, in milliseconds. */
export const MAX_DELAY_MS = Fault.delayMs.maximum;

export function faultRuleInput(fields: FaultFormFields): FormResult<FaultRuleInput> {
  const read = fieldReader();
  const path = read.text(fields.path);
  if (path !== undefined && !path.startsWith('/')) read.errors.path = 'must start with /';
  const code = fields.code === '' ? undefined : (Number(fields.code) as FaultStatus);
  if (code !== undefined && !FAULT_STATUSES.includes(code)) read.errors.code = 'is not a fault status';
  const fault = defined({
    code,
    delayMs: read.number('delayMs', fields.delayMs, Fault.delayMs),
    ttftMs: read.number('ttftMs', fields.ttftMs, Fault.ttftMs),
    tps: read.number('tps', fields.tps, Fault.tps),
    disconnectAfter: read.number('disconnectAfter', fields.disconnectAfter, Fault.disconnectAfter),
    reset: fields.reset ? (true as const) : undefined,
    dropAnswer: fields.dropAnswer ? (true as const) : undefined,
  });
  if (Object.keys(fault).length === 0)
    read.errors.fault = 'choose at least one fault: a status, a delay, a reset…';
  const times = read.number('times', fields.times, RuleLimits.times);
  const probability = read.number('probability', fields.probability, RuleLimits.probability);
  const match = defined({
    method: read.text(fields.method) as FaultRuleInput['match']['method'],
    path,
    tokenName: read.text(fields.tokenName),
  });
  const enabled = fields.enabled ? undefined : false;
  return read.result(defined({ match, fault, times, probability, enabled }));
}

/** The edit of a rule: every field as the form has it; empty `times` and `probability` their defaults. */
export function faultRulePatch(fields: FaultFormFields): FormResult<FaultRulePatch> {
  const built = faultRuleInput(fields);
  if (!built.ok) return built;
  const { match, fault, times, probability } = built.value;
  return {
    ok: true,
    value: { match, fault, times: times ?? null, probability: probability ?? 1, enabled: fields.enabled },
  };
}

const text = (value: number | string | undefined | null) =>
  value === undefined || value === null ? '' : String(value);

/** The fields of a fault, as the form shows them. */
function faultFields(
  fault: FaultValue,
): Pick<FaultFormFields, 'code' | 'delayMs' | 'ttftMs' | 'tps' | 'disconnectAfter' | 'reset' | 'dropAnswer'> {
  return {
    code: text(fault.code),
    delayMs: text(fault.delayMs),
    ttftMs: text(fault.ttftMs),
    tps: text(fault.tps),
    disconnectAfter: text(fault.disconnectAfter),
    reset: fault.reset === true,
    dropAnswer: fault.dropAnswer === true,
  };
}

/** A rule's fields, to edit it or to start a copy of it. */
export function faultFormOf(
  rule: Pick<FaultRule, 'match' | 'fault' | 'times' | 'probability' | 'enabled'>,
): FaultFormFields {
  return {
    method: rule.match.method ?? '',
    path: rule.match.path ?? '',
    tokenName: rule.match.tokenName ?? '',
    ...faultFields(rule.fault),
    times: text(rule.times),
    probability: rule.probability === 1 ? '' : String(rule.probability),
    enabled: rule.enabled,
  };
}

/** A new rule for requests like a recorded one: its method and path, its own fault if it asked for one. */
export function faultFormFromRequest(
  entry: Pick<JournalEntry, 'method' | 'path' | 'fault'>,
): FaultFormFields {
  const method = FAULT_METHODS.includes(entry.method) ? entry.method : '';
  return {
    ...EMPTY_FAULT_FORM,
    method,
    path: entry.path,
    ...(entry.fault ? faultFields(entry.fault.fault) : {}),
  };
}
