/**
 * The error an input parser throws when a procedure's input breaks the contract. tRPC wraps it as
 * the `cause` of a BAD_REQUEST; the error formatter copies `issues` into the error's `data.errors`,
 * in the same `{ path, message }` shape the platform's own 400 answers use.
 */
import type { ValidationIssue } from '@assistant-platform/types';
import type { ErrorObject } from 'ajv';

export class ContractValidationError extends Error {
  override name = 'ContractValidationError';
  readonly issues: ValidationIssue[];

  constructor(issues: ValidationIssue[]) {
    // The platform's fixed 400 message, so callers see one text whichever side rejected the input.
    super('Invalid input provided');
    this.issues = issues;
  }
}

/** Ajv's errors as ValidationIssues: a JSON Pointer into the input and Ajv's message, deduplicated. */
export function toValidationIssues(errors: readonly ErrorObject[]): ValidationIssue[] {
  const seen = new Set<string>();
  const issues: ValidationIssue[] = [];
  for (const error of errors) {
    const path = pointerOf(error);
    const message = error.message ?? 'is invalid';
    const key = `${path}\u0000${message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    issues.push({ path, message });
  }
  return issues;
}

// A missing or unknown property is reported on its parent object; name the field itself instead,
// which is what a caller fixing the input wants to see.
function pointerOf(error: ErrorObject): string {
  const params = error.params as Record<string, unknown>;
  const child =
    error.keyword === 'required'
      ? params.missingProperty
      : error.keyword === 'additionalProperties'
        ? params.additionalProperty
        : undefined;
  return typeof child === 'string' ? `${error.instancePath}/${escapePointer(child)}` : error.instancePath;
}

function escapePointer(segment: string): string {
  return segment.replaceAll('~', '~0').replaceAll('/', '~1');
}
