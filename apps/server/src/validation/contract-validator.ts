import type { ValidationIssue } from '@assistant-platform/types';
import type { ErrorObject } from 'ajv';
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
  private bodyAjv: Ajv2020 | undefined;
  private paramsAjv: Ajv2020 | undefined;
  private readonly named = new Map<string, ValidateFunction>();

  /** Bodies: exact types, no coercion (a JSON number must be a number). Created on first use. */
  get body(): Ajv2020 {
    this.bodyAjv ??= makeAjv(false);
    return this.bodyAjv;
  }

  /** Path parameters arrive as text: `"7"` must satisfy `PositiveId`. Created on first use. */
  get params(): Ajv2020 {
    this.paramsAjv ??= makeAjv(true);
    return this.paramsAjv;
  }

  /**
   * A validator for Fastify that compiles on its first call, so start-up does not pay for
   * compiling every route's schema. Fastify reads `errors` from the function it was given.
   */
  lazy(
    part: 'body' | 'params',
    schema: object,
  ): ((data: unknown) => boolean) & { errors?: ErrorObject[] | null } {
    let compiled: ValidateFunction | undefined;
    const validate = (data: unknown): boolean => {
      compiled ??= (part === 'params' ? this.params : this.body).compile(schema);
      const ok = compiled(data);
      validate.errors = compiled.errors;
      return ok;
    };
    validate.errors = null as ErrorObject[] | null | undefined;
    return validate;
  }

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
