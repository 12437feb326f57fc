/** Shared vocabulary of the structured-output code: schemas, locations and the "cannot satisfy" error. */

export type JsonSchema = boolean | SchemaObject;
export type SchemaObject = { [keyword: string]: unknown };
export type JsonType = 'object' | 'array' | 'string' | 'number' | 'integer' | 'boolean' | 'null';

export const JSON_TYPES: readonly JsonType[] = [
  'object',
  'array',
  'string',
  'number',
  'integer',
  'boolean',
  'null',
];

/** A schema together with its JSON pointer inside the request's schema, for error messages. */
export interface Located {
  schema: JsonSchema;
  pointer: string;
}

/** The schema cannot be satisfied (or uses what the engine does not support); becomes a 400. */
export class SchemaIssue extends Error {
  constructor(
    readonly pointer: string,
    message: string,
  ) {
    super(message);
    this.name = 'SchemaIssue';
  }
}

export function isObject(value: unknown): value is SchemaObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function child(pointer: string, ...segments: (string | number)[]): string {
  return segments.reduce<string>(
    (path, segment) => `${path}/${String(segment).replaceAll('~', '~0').replaceAll('/', '~1')}`,
    pointer,
  );
}

/** Resolves a local reference (`#`, `#/$defs/x`, `#/definitions/x`, any JSON pointer into the root). */
export function resolveRef(root: SchemaObject, ref: string, at: string): Located {
  if (!ref.startsWith('#')) throw new SchemaIssue(at, `remote $ref "${ref}" is not supported`);
  const tokens = ref === '#' ? [] : ref.slice(1).split('/').slice(1);
  if (ref !== '#' && !ref.startsWith('#/')) throw new SchemaIssue(at, `$ref "${ref}" must be a JSON pointer`);
  let node: unknown = root;
  for (const raw of tokens) {
    const token = decodeURIComponent(raw).replaceAll('~1', '/').replaceAll('~0', '~');
    node = isObject(node) || Array.isArray(node) ? (node as Record<string, unknown>)[token] : undefined;
  }
  if (typeof node !== 'boolean' && !isObject(node))
    throw new SchemaIssue(at, `$ref "${ref}" does not resolve`);
  return { schema: node, pointer: ref === '#' ? '' : ref.slice(1) };
}

export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== typeof b || a === null || b === null || typeof a !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && a.every((x, i) => deepEqual(x, b[i]));
  const ka = Object.keys(a as object);
  const kb = Object.keys(b as object);
  return (
    ka.length === kb.length &&
    ka.every((k) => Object.hasOwn(b as object, k) && deepEqual((a as never)[k], (b as never)[k]))
  );
}

/** String length as JSON Schema counts it: in Unicode code points. */
export function codePoints(text: string): number {
  let count = 0;
  for (const _ of text) count++;
  return count;
}
