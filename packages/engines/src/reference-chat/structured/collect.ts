/**
 * Flattens a schema into the plain parts that all apply to one value: `$ref` targets and `allOf`
 * members become parts of their own, so the generators read each constraint from a flat list.
 */
import {
  child,
  isObject,
  type JsonType,
  type Located,
  resolveRef,
  SchemaIssue,
  type SchemaObject,
} from './schema.js';

export interface Part {
  schema: SchemaObject;
  pointer: string;
}

export function collect(located: Located, root: SchemaObject, out: Part[] = [], depth = 0): Part[] {
  if (depth > 32) throw new SchemaIssue(located.pointer, 'circular $ref or allOf cannot be satisfied');
  const { schema, pointer } = located;
  if (schema === true) return out;
  if (schema === false || !isObject(schema))
    throw new SchemaIssue(pointer, 'the schema false allows no value');
  const { $ref, allOf, ...rest } = schema;
  out.push({ schema: rest, pointer });
  if (typeof $ref === 'string') collect(resolveRef(root, $ref, child(pointer, '$ref')), root, out, depth + 1);
  if (Array.isArray(allOf)) {
    allOf.forEach((sub, index) => {
      collect({ schema: sub as SchemaObject, pointer: child(pointer, 'allOf', index) }, root, out, depth + 1);
    });
  }
  return out;
}

/** Every part's value of `keyword`, with where it was found. */
export function values<T = unknown>(
  parts: readonly Part[],
  keyword: string,
): { value: T; pointer: string }[] {
  return parts
    .filter((part) => part.schema[keyword] !== undefined)
    .map((part) => ({ value: part.schema[keyword] as T, pointer: child(part.pointer, keyword) }));
}

export function largest(parts: readonly Part[], keyword: string): number | undefined {
  const found = values<number>(parts, keyword).map((v) => v.value);
  return found.length > 0 ? Math.max(...found) : undefined;
}

export function smallest(parts: readonly Part[], keyword: string): number | undefined {
  const found = values<number>(parts, keyword).map((v) => v.value);
  return found.length > 0 ? Math.min(...found) : undefined;
}

const ALL: JsonType[] = ['object', 'array', 'string', 'integer', 'number', 'boolean', 'null'];

/** The types every part allows, in the order the first typed part lists them. */
export function allowedTypes(parts: readonly Part[]): JsonType[] {
  let types: JsonType[] | undefined;
  for (const { value } of values<JsonType | JsonType[]>(parts, 'type')) {
    const listed = Array.isArray(value) ? value : [value];
    const accepts = (t: JsonType) => listed.includes(t) || (t === 'integer' && listed.includes('number'));
    // `number` also admits integers, so an `integer` from another part still fits it.
    const start =
      listed.includes('number') && !listed.includes('integer') ? [...listed, 'integer' as const] : listed;
    types = (types ?? start).filter(accepts);
  }
  if (types) {
    if (types.length === 0)
      throw new SchemaIssue(
        values(parts, 'type')[0]?.pointer ?? '',
        'the types of the combined schemas contradict',
      );
    return types;
  }
  const uses = (...keys: string[]) =>
    parts.some((part) => keys.some((key) => part.schema[key] !== undefined));
  if (uses('properties', 'required', 'additionalProperties', 'minProperties', 'maxProperties'))
    return ['object'];
  if (uses('items', 'minItems', 'maxItems', 'uniqueItems')) return ['array'];
  if (uses('minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf')) return ['number'];
  if (uses('minLength', 'maxLength', 'pattern', 'format')) return ['string'];
  return ALL.filter((t) => t === 'string' || t === 'integer' || t === 'boolean');
}
