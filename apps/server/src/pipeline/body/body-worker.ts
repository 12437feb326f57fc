/**
 * The entry of a body worker thread: a large body is parsed and validated here, so the event loop
 * never spends the tens or hundreds of milliseconds a multi-megabyte JSON text costs. An invalid
 * body sends back only its issues; a valid one, its value (bounded by the contract's limits, so
 * mostly long strings, which cross threads as cheap copies).
 */
import { ContractValidationError, type OperationId, type ValidationIssue } from '@assistant-platform/types';
import {
  ContractValidator,
  chatBodyChecks,
  type OperationValidation,
  operationValidation,
  parseJsonBody,
} from '@assistant-platform/types/validation';

export interface BodyTask {
  operationId: OperationId;
  bytes: Uint8Array;
  /** The models the configured chat engine answers (chatRequest's check). */
  chatModels: string[];
}

export type BodyTaskResult = { ok: true; value: unknown } | { ok: false; issues: ValidationIssue[] };

const validator = new ContractValidator();
const validations = new Map<string, OperationValidation>();

function validationOf(operationId: OperationId, chatModels: string[]): OperationValidation {
  const key = `${operationId}\n${chatModels.join('\n')}`;
  let validation = validations.get(key);
  if (!validation) {
    const check = operationId === 'chatRequest' ? chatBodyChecks(chatModels) : undefined;
    validation = operationValidation(validator, operationId, check);
    validations.set(key, validation);
  }
  return validation;
}

export default function validateBodyTask({ operationId, bytes, chatModels }: BodyTask): BodyTaskResult {
  let parsed: ReturnType<typeof parseJsonBody>;
  try {
    parsed = parseJsonBody(bytes);
  } catch (error) {
    if (error instanceof ContractValidationError) return { ok: false, issues: error.issues };
    throw error;
  }
  if (parsed.issues.length > 0 && (parsed.value === null || typeof parsed.value !== 'object'))
    return { ok: false, issues: parsed.issues };
  const { value, issues } = validationOf(operationId, chatModels).body(parsed.value, parsed.issues);
  return issues.length > 0 ? { ok: false, issues } : { ok: true, value };
}
