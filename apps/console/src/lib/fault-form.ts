/** The fault form's fields (all text, as inputs give them) turned into the admin API's FaultRuleInput. */
import type { FaultRuleInput, FaultStatus } from '@assistant-platform/types/admin';
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
  times: '',
  probability: '',
};

/** The statuses a fault may answer (the contract's FaultStatus). */
export const FAULT_STATUSES: readonly FaultStatus[] = [400, 401, 403, 404, 408, 429, 500, 502, 503, 504];

export function faultRuleInput(fields: FaultFormFields): FormResult<FaultRuleInput> {
  const read = fieldReader();
  const path = read.text(fields.path);
  if (path !== undefined && !path.startsWith('/')) read.errors.path = 'must start with /';
  const code = fields.code === '' ? undefined : (Number(fields.code) as FaultStatus);
  if (code !== undefined && !FAULT_STATUSES.includes(code)) read.errors.code = 'is not a fault status';
  const fault = defined({
    code,
    delayMs: read.number('delayMs', fields.delayMs, { min: 0, max: 60000 }),
    ttftMs: read.number('ttftMs', fields.ttftMs, { min: 0, max: 60000 }),
    tps: read.number('tps', fields.tps, { min: 0.1, max: 10000, integer: false }),
    disconnectAfter: read.number('disconnectAfter', fields.disconnectAfter, { min: 0, max: 100000 }),
    reset: fields.reset ? (true as const) : undefined,
  });
  if (Object.keys(fault).length === 0)
    read.errors.fault = 'choose at least one fault: a status, a delay, a reset…';
  const times = read.number('times', fields.times, { min: 1, max: 1000000 });
  const probability = read.number('probability', fields.probability, { min: 0, max: 1, integer: false });
  if (probability === 0) read.errors.probability = 'must be more than 0';
  const match = defined({
    method: read.text(fields.method) as FaultRuleInput['match']['method'],
    path,
    tokenName: read.text(fields.tokenName),
  });
  return read.result(defined({ match, fault, times, probability }));
}
