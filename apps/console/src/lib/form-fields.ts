/**
 * What the console's forms share: text fields become optional numbers, an error per field. The
 * server checks every bound again (a 400 names the field); these checks only spare a round trip
 * and say which field is wrong in the form's own words.
 */

export type FormResult<T> = { ok: true; value: T } | { ok: false; errors: Record<string, string> };

/** A whole number in [min, max], undefined when empty; an error message otherwise. */
export function optionalNumber(
  text: string,
  bounds: { min: number; max: number; integer?: boolean },
): number | undefined | string {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  const value = Number(trimmed);
  if (!Number.isFinite(value)) return 'must be a number';
  if (bounds.integer !== false && !Number.isInteger(value)) return 'must be a whole number';
  if (value < bounds.min || value > bounds.max) return `must be from ${bounds.min} to ${bounds.max}`;
  return value;
}

/** Collects the fields' numbers and errors: `read(name, text, bounds)` then `result(value)`. */
export function fieldReader() {
  const errors: Record<string, string> = {};
  return {
    errors,
    number(name: string, text: string, bounds: { min: number; max: number; integer?: boolean }) {
      const value = optionalNumber(text, bounds);
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
