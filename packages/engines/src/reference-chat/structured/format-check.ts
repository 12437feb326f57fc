/**
 * Format checks come from ajv-formats' own "full" definitions, so the engine judges a generated
 * string exactly as an Ajv validator with ajv-formats will.
 */
import { fullFormats } from 'ajv-formats/dist/formats.js';
import type { SupportedFormat } from './formats.js';

export function formatMatches(format: SupportedFormat, value: string): boolean {
  const definition = fullFormats[format] as unknown;
  if (definition instanceof RegExp) return definition.test(value);
  if (typeof definition === 'function') return Boolean(definition(value));
  if (typeof definition === 'object' && definition !== null && 'validate' in definition) {
    const validate = (definition as { validate: unknown }).validate;
    if (validate instanceof RegExp) return validate.test(value);
    if (typeof validate === 'function') return Boolean(validate(value));
  }
  return true;
}
