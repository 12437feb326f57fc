/**
 * The entry of a body worker thread: a large body is parsed and validated here, so the event loop
 * never spends the tens or hundreds of milliseconds a multi-megabyte JSON text costs. An invalid
 * body sends back only its issues; a valid one, its value (bounded by the contract's limits, so
 * mostly long strings, which cross threads as cheap copies). A body of the platform API is
 * validated against the platform's contract, one of the admin API (a several-megabyte state
 * document) against the admin contract; each validator is compiled on its first body. A body sent
 * with an `Idempotency-Key` is also hashed here (canonical-hash.ts), as received. In proxy mode,
 * large requests and answers are checked against the contract here too (`checkRequest`,
 * `checkAnswer`, run by name).
 */
import { ContractValidationError, type OperationId, type ValidationIssue } from '@assistant-platform/types';
import type { AdminOperationId } from '@assistant-platform/types/admin';
import {
  type CheckedRequest,
  ContractValidator,
  chatBodyChecks,
  checkAnswerBody,
  type OperationValidation,
  operationValidation,
  parseJsonBody,
  requestChecks,
  type Violation,
} from '@assistant-platform/types/validation';
import { adminValidator } from '../../contract/admin-validator.js';
import { canonicalHash } from './canonical-hash.js';

/** Which contract's operation a body is for. */
export type BodyOperation =
  | { contract: 'platform'; operationId: OperationId }
  | { contract: 'admin'; operationId: AdminOperationId };

export interface BodyTask {
  operation: BodyOperation;
  bytes: Uint8Array;
  /** The models the configured chat engine answers (chatRequest's check). */
  chatModels: string[];
  /** Whether to hash the body as received (a request with an `Idempotency-Key`). */
  hash: boolean;
}

export type BodyTaskResult =
  | { ok: true; value: unknown; bodyHash: string | null }
  | { ok: false; issues: ValidationIssue[] };

let platformValidator: ContractValidator | undefined;
const validations = new Map<string, OperationValidation>();

function validationOf(operation: BodyOperation, chatModels: string[]): OperationValidation {
  const key = `${operation.contract}\n${operation.operationId}\n${chatModels.join('\n')}`;
  let validation = validations.get(key);
  if (!validation) {
    if (operation.contract === 'admin') {
      // The process's admin validator: with its formats (re2), as the routes check them.
      validation = operationValidation(adminValidator(), operation.operationId);
    } else {
      platformValidator ??= new ContractValidator();
      const check = operation.operationId === 'chatRequest' ? chatBodyChecks(chatModels) : undefined;
      validation = operationValidation(platformValidator, operation.operationId, check);
    }
    validations.set(key, validation);
  }
  return validation;
}

export default function validateBodyTask({ operation, bytes, chatModels, hash }: BodyTask): BodyTaskResult {
  let parsed: ReturnType<typeof parseJsonBody>;
  try {
    parsed = parseJsonBody(bytes);
  } catch (error) {
    if (error instanceof ContractValidationError) return { ok: false, issues: error.issues };
    throw error;
  }
  if (parsed.issues.length > 0 && (parsed.value === null || typeof parsed.value !== 'object'))
    return { ok: false, issues: parsed.issues };
  const { value, issues } = validationOf(operation, chatModels).body(parsed.value, parsed.issues);
  if (issues.length > 0) return { ok: false, issues };
  return { ok: true, value, bodyHash: hash ? canonicalHash(parsed.value) : null };
}

/** A proxied answer's body to check (see answer-checks in the types package). */
export interface AnswerTask {
  operationId: string | null;
  status: number;
  contentType: string | undefined;
  bytes: Uint8Array;
}

export function checkAnswer({ operationId, status, contentType, bytes }: AnswerTask): Violation[] {
  platformValidator ??= new ContractValidator();
  return checkAnswerBody(platformValidator, operationId, status, contentType, bytes);
}

let checkRequestOf: ReturnType<typeof requestChecks> | undefined;

export function checkRequest(request: CheckedRequest): {
  operationId: string | null;
  violations: Violation[];
} {
  platformValidator ??= new ContractValidator();
  checkRequestOf ??= requestChecks(platformValidator);
  const { operation, violations } = checkRequestOf(request);
  return { operationId: operation?.operationId ?? null, violations };
}
