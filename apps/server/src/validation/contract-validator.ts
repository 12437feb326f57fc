import type { ValidationIssue } from '@assistant-platform/types';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { toIssues } from './ajv-issues.js';
import { contractSchema, schemaRef } from './contract-schemas.js';

function makeAjv(coerceTypes: boolean): Ajv2020 {
  // strict: false because OpenAPI adds keywords (example, contentMediaType...) that Ajv would reject.
  // validateSchema: false because the contract is linted in CI; checking it again costs start-up time.
  const ajv = new Ajv2020({
    allErrors: true,
    strict: false,
    discriminator: true,
    coerceTypes,
    validateSchema: false,
  });
  addFormats.default(ajv);
  ajv.addSchema(contractSchema());
  return ajv;
}

/** Validators compiled from the contract's schemas; one instance per app. */
export class ContractValidator {
  /** Bodies: exact types, no coercion (a JSON number must be a number). */
  readonly body = makeAjv(false);
  /** Path parameters arrive as text: `"7"` must satisfy `PositiveId`. */
  readonly params = makeAjv(true);
  private readonly named = new Map<string, ValidateFunction>();

  /** Validates a value against one component schema (used for JSON-string fields and seeds). */
  check(schemaName: string, value: unknown, pointerPrefix = ''): ValidationIssue[] {
    let validate = this.named.get(schemaName);
    if (!validate) {
      validate = this.body.compile(schemaRef(schemaName));
      this.named.set(schemaName, validate);
    }
    if (validate(value)) return [];
    return toIssues(validate.errors ?? [], 'body').map((issue) => ({
      ...issue,
      path: pointerPrefix + issue.path,
    }));
  }
}
