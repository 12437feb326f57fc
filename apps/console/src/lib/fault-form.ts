/**
 * The fault form's fields (all text, as inputs give them) turned into the admin API's
 * FaultRuleInput, checked against the admin contract's declared limits (`ADMIN_LIMITS`).
 */
import { ADMIN_LIMITS, type FaultRuleInput, type FaultStatus } from '@assistant-platform/types/admin';
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
  return read.result(defined({ match, fault, times, probability }));
}
