import { ApiError } from '../http/api-error.js';
import type { ContractValidator } from './contract-validator.js';

/**
 * Fields the contract accepts either structured or as a JSON-encoded string of the same value
 * (`tools`, `memoryChat`, `reasoning`). A string is parsed and validated against the structured
 * schema; a failure is a 400 naming the field (and the bad place inside it).
 */
export function parseJsonStringField<T>(
  validator: ContractValidator,
  value: unknown,
  schemaName: string,
  pointer: string,
): T {
  let parsed = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value);
    } catch {
      throw ApiError.badRequest(pointer, 'must be valid JSON');
    }
  }
  const issues = validator.check(schemaName, parsed, pointer);
  if (issues.length > 0) throw new ApiError(400, issues);
  return parsed as T;
}
