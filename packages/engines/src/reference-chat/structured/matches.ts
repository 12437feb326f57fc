/**
 * A validator for exactly the keywords the engine supports. The generator checks each value it
 * makes against it (and tries another branch or candidate on a miss), so an answer that reaches the
 * client is valid even where constraints interact (oneOf exclusivity, uniqueItems, allOf).
 */

import { formatMatches } from './format-check.js';
import { SUPPORTED_FORMATS } from './formats.js';
import {
  codePoints,
  deepEqual,
  isObject,
  type JsonSchema,
  resolveRef,
  type SchemaObject,
  typeOf,
} from './schema.js';

const patternCache = new Map<string, RegExp>();

export function regex(pattern: string): RegExp {
  let compiled = patternCache.get(pattern);
  if (!compiled) {
    compiled = new RegExp(pattern, 'u');
    if (patternCache.size > 500) patternCache.clear();
    patternCache.set(pattern, compiled);
  }
  return compiled;
}

function typeMatches(type: unknown, value: unknown): boolean {
  const actual = typeOf(value);
  return type === actual || (type === 'number' && actual === 'integer');
}

function numberOk(s: SchemaObject, v: number): boolean {
  const n = (key: string) => (typeof s[key] === 'number' ? (s[key] as number) : undefined);
  const [min, max, xmin, xmax, step] = [
    n('minimum'),
    n('maximum'),
    n('exclusiveMinimum'),
    n('exclusiveMaximum'),
    n('multipleOf'),
  ];
  if (min !== undefined && v < min) return false;
  if (max !== undefined && v > max) return false;
  if (xmin !== undefined && v <= xmin) return false;
  if (xmax !== undefined && v >= xmax) return false;
  // The same test Ajv makes, so a float like 0.3 for multipleOf 0.1 is judged as Ajv judges it.
  return step === undefined || Number.isInteger(v / step);
}

function stringOk(s: SchemaObject, v: string): boolean {
  const length = codePoints(v);
  if (typeof s.minLength === 'number' && length < s.minLength) return false;
  if (typeof s.maxLength === 'number' && length > s.maxLength) return false;
  if (typeof s.pattern === 'string' && !regex(s.pattern).test(v)) return false;
  if (typeof s.format === 'string' && SUPPORTED_FORMATS.includes(s.format as never))
    return formatMatches(s.format as never, v);
  return true;
}

function arrayOk(s: SchemaObject, v: unknown[], root: SchemaObject): boolean {
  if (typeof s.minItems === 'number' && v.length < s.minItems) return false;
  if (typeof s.maxItems === 'number' && v.length > s.maxItems) return false;
  if (s.uniqueItems === true && v.some((x, i) => v.findIndex((y) => deepEqual(x, y)) !== i)) return false;
  return s.items === undefined || v.every((item) => matches(s.items as JsonSchema, item, root));
}

function objectOk(s: SchemaObject, v: Record<string, unknown>, root: SchemaObject): boolean {
  const keys = Object.keys(v);
  if (typeof s.minProperties === 'number' && keys.length < s.minProperties) return false;
  if (typeof s.maxProperties === 'number' && keys.length > s.maxProperties) return false;
  if (Array.isArray(s.required) && !s.required.every((k) => Object.hasOwn(v, k as string))) return false;
  const properties = isObject(s.properties) ? s.properties : {};
  return keys.every((key) => {
    if (Object.hasOwn(properties, key)) return matches(properties[key] as JsonSchema, v[key], root);
    return (
      s.additionalProperties === undefined || matches(s.additionalProperties as JsonSchema, v[key], root)
    );
  });
}

export function matches(schema: JsonSchema, value: unknown, root: SchemaObject): boolean {
  if (typeof schema === 'boolean') return schema;
  const s = schema;
  if (typeof s.$ref === 'string' && !matches(resolveRef(root, s.$ref, '').schema, value, root)) return false;
  if (s.type !== undefined && !(Array.isArray(s.type) ? s.type : [s.type]).some((t) => typeMatches(t, value)))
    return false;
  if (Array.isArray(s.enum) && !s.enum.some((x) => deepEqual(x, value))) return false;
  if ('const' in s && !deepEqual(s.const, value)) return false;
  if (typeof value === 'number' && !numberOk(s, value)) return false;
  if (typeof value === 'string' && !stringOk(s, value)) return false;
  if (Array.isArray(value) && !arrayOk(s, value, root)) return false;
  if (isObject(value) && !objectOk(s, value, root)) return false;
  if (Array.isArray(s.allOf) && !s.allOf.every((sub) => matches(sub as JsonSchema, value, root)))
    return false;
  if (Array.isArray(s.anyOf) && !s.anyOf.some((sub) => matches(sub as JsonSchema, value, root))) return false;
  if (Array.isArray(s.oneOf) && s.oneOf.filter((sub) => matches(sub as JsonSchema, value, root)).length !== 1)
    return false;
  return true;
}
