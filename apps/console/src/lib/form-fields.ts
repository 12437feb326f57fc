/**
 * What the console's forms share: text fields become optional numbers, an error per field. The
 * bounds are the admin contract's own (`ADMIN_LIMITS`), never copied here. The server checks every
 * bound again (a 400 names the field); these checks only spare a round trip and say which field is
 * wrong in the form's own words.
 */

export type FormResult<T> = { ok: true; value: T } | { ok: false; errors: Record<string, string> };

/** A number property's limits as the contract declares them (a property of `ADMIN_LIMITS`). */
export interface NumberLimits {
  readonly type: string;
  readonly minimum?: number;
  readonly exclusiveMinimum?: number;
  readonly maximum?: number;
  readonly exclusiveMaximum?: number;
}

function range({ minimum, exclusiveMinimum, maximum, exclusiveMaximum }: NumberLimits): string {
  if (minimum !== undefined && maximum !== undefined) return `must be from ${minimum} to ${maximum}`;
  const low =
    exclusiveMinimum !== undefined
      ? `more than ${exclusiveMinimum}`
      : minimum !== undefined && `at least ${minimum}`;
  const high =
    exclusiveMaximum !== undefined
      ? `less than ${exclusiveMaximum}`
      : maximum !== undefined && `at most ${maximum}`;
  return `must be ${[low, high].filter(Boolean).join(' and ')}`;
}

/** A number within the contract's limits, undefined when empty; an error message otherwise. */
export function optionalNumber(text: string, limits: NumberLimits): number | undefined | string {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  const value = Number(trimmed);
  if (!Number.isFinite(value)) return 'must be a number';
  if (limits.type === 'integer' && !Number.isInteger(value)) return 'must be a whole number';
  const tooLow =
    (limits.minimum !== undefined && value < limits.minimum) ||
    (limits.exclusiveMinimum !== undefined && value <= limits.exclusiveMinimum);
  const tooHigh =
    (limits.maximum !== undefined && value > limits.maximum) ||
    (limits.exclusiveMaximum !== undefined && value >= limits.exclusiveMaximum);
  return tooLow || tooHigh ? range(limits) : value;
}

/** Collects the fields' numbers and errors: `number(name, text, limits)` then `result(value)`. */
export function fieldReader() {
  const errors: Record<string, string> = {};
  return {
    errors,
    number(name: string, text: string, limits: NumberLimits) {
      const value = optionalNumber(text, limits);
      if (typeof value === 'string') {
        errors[name] = value;
        return undefined;
      }
      return value;
    },
    text(value: string): string | undefined {
      const trimmed = value.trim();
      return trimmed === '' ? undefined : trimmed;
    },
    result<T>(value: T): FormResult<T> {
      return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, value };
    },
  };
}

/** An object without its undefined fields, as JSON bodies must not carry them. */
export function defined<T extends object>(object: T): T {
  return Object.fromEntries(Object.entries(object).filter(([, value]) => value !== undefined)) as T;
}
