/**
 * The entry of a body worker thread: a large body is parsed and validated here, so the event loop
 * never spends the tens or hundreds of milliseconds a multi-megabyte JSON text costs. An invalid
 * body sends back only its issues; a valid one, its value (bounded by the contract's limits, so
 * mostly long strings, which cross threads as cheap copies).
 */
import type { OperationId, ValidationIssue } from '@assistant-platform/types';
import { ApiError } from '../http/api-error.js';
import { type BodyChecks, operationBodySchema, parseIssues, validateBody } from './body-validation.js';
import { chatBodyChecks } from './chat-body-checks.js';
import { ContractValidator } from './contract-validator.js';
import { parseJsonBody } from './json-text.js';

export interface BodyTask {
  operationId: OperationId;
  bytes: Uint8Array;
  /** The models the configured chat engine answers (chatRequest's check). */
  chatModels: string[];
}

export type BodyTaskResult = { ok: true; value: unknown } | { ok: false; issues: ValidationIssue[] };

const validator = new ContractValidator();
const checksByModels = new Map<string, BodyChecks>();

export default function validateBodyTask({ operationId, bytes, chatModels }: BodyTask): BodyTaskResult {
  let parsed: unknown;
  try {
    const body = parseJsonBody(bytes);
    parsed = body.value;
    if (body.issues.length > 0) {
      if (parsed === null || typeof parsed !== 'object') return { ok: false, issues: body.issues };
      parseIssues.set(parsed, body.issues);
    }
  } catch (error) {
    if (error instanceof ApiError) return { ok: false, issues: error.issues };
    throw error;
  }
  const key = chatModels.join('\n');
  let checks = checksByModels.get(key);
  if (!checks) {
    checks = { chatRequest: chatBodyChecks(chatModels) };
    checksByModels.set(key, checks);
  }
  const { value, issues } = validateBody(
    validator,
    operationBodySchema(operationId),
    parsed,
    checks[operationId],
  );
  return issues.length > 0 ? { ok: false, issues } : { ok: true, value };
}
