/**
 * fast-check arbitraries of satisfiable JSON Schemas: every keyword the engine supports, combined
 * so that a valid value always exists (ranges hold a multiple, oneOf branches have distinct types).
 */
import fc from 'fast-check';

import {
  integerSchema,
  NAMES,
  type Schema,
  scalar,
  stringSchema,
  variedItem,
} from './schema-arbitrary-leaves.js';

const { schema } = fc.letrec<{ schema: Schema; object: Schema; array: Schema; combined: Schema }>((tie) => ({
  schema: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    scalar,
    tie('object'),
    tie('array'),
    tie('combined'),
  ),
  object: fc
    .tuple(
      fc.uniqueArray(fc.constantFrom(...NAMES), { maxLength: 5 }),
      fc.array(tie('schema'), { minLength: 5, maxLength: 5 }),
      fc.array(fc.boolean(), { minLength: 5, maxLength: 5 }),
      fc.constantFrom(false, true, undefined),
    )
    .map(([names, schemas, required, additional]) => ({
      type: 'object',
      properties: Object.fromEntries(names.map((name, i) => [name, schemas[i]])),
      required: names.filter((_, i) => required[i]),
      ...(additional === undefined ? {} : { additionalProperties: additional }),
    })),
  array: fc.oneof(
    fc
      .tuple(tie('schema'), fc.nat(3), fc.nat(3))
      .map(([items, min, extra]) => ({ type: 'array', items, minItems: min, maxItems: min + extra })),
    // uniqueItems over item schemas with room for distinct values.
    fc
      .tuple(
        fc.oneof(
          variedItem,
          // Objects that can differ: a free string property next to anything else.
          tie('schema').map((other) => ({
            type: 'object',
            properties: { name: { type: 'string' }, other },
            required: ['name'],
          })),
        ),
        fc.nat(4),
      )
      .map(([items, min]) => ({ type: 'array', items, minItems: min, uniqueItems: true })),
  ),
  combined: fc.oneof(
    fc
      .tuple(stringSchema, integerSchema, fc.constant({ type: 'boolean' }))
      .map((branches) => ({ oneOf: branches })),
    fc.tuple(tie('schema'), tie('schema')).map((branches) => ({ anyOf: branches })),
    fc
      .tuple(fc.nat(10), fc.nat(10))
      .map(([min, extra]) => ({ allOf: [{ type: 'string', minLength: min }, { maxLength: min + extra }] })),
    fc
      .tuple(tie('schema'), fc.constantFrom('#/$defs/shared', '#/definitions/shared'))
      .map(([target, ref]) => ({ $ref: ref, __target: target })),
    // allOf of two objects with distinct property names, both open so neither forbids the other's.
    fc.tuple(tie('object'), tie('object')).map(([a, b]) => ({
      allOf: [open(a), open(b, 'b_')],
    })),
    // Extra keys from an additionalProperties schema, to reach minProperties.
    fc
      .tuple(tie('object'), scalar, fc.nat(6))
      .map(([base, extra, min]) => ({ ...open(base), additionalProperties: extra, minProperties: min })),
    // maxProperties never below the required count.
    tie('object').map((base) => ({ ...base, maxProperties: (base.required as string[]).length + 1 })),
  ),
}));

/** The object without additionalProperties, its property names prefixed. */
function open(object: Schema, prefix = ''): Schema {
  const properties = Object.entries(object.properties as Schema).map(([k, v]) => [prefix + k, v]);
  return {
    type: 'object',
    properties: Object.fromEntries(properties),
    required: (object.required as string[]).map((k) => prefix + k),
  };
}

/** Hoists each `{ $ref, __target }` placeholder's target into the root's $defs/definitions. */
function hoist(root: Schema): Schema {
  const defs: Record<string, Schema> = {};
  const definitions: Record<string, Schema> = {};
  let counter = 0;
  const walk = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(walk);
    if (typeof node !== 'object' || node === null) return node;
    const record = node as Schema;
    if ('__target' in record && typeof record.$ref === 'string') {
      const key = `shared${counter++}`;
      const target = walk(record.__target) as Schema;
      if (record.$ref.startsWith('#/$defs')) defs[key] = target;
      else definitions[key] = target;
      return { $ref: `${record.$ref.startsWith('#/$defs') ? '#/$defs' : '#/definitions'}/${key}` };
    }
    if ('const' in record) return record;
    return Object.fromEntries(Object.entries(record).map(([k, v]) => [k, walk(v)]));
  };
  const body = walk(root) as Schema;
  return { ...body, ...(counter > 0 ? { $defs: defs, definitions } : {}) };
}

/** Any satisfiable schema; the root is often (not always) an object, as response formats are. */
export const satisfiableSchema: fc.Arbitrary<Schema> = fc
  .oneof(
    schema,
    schema.filter((s) => s.type === 'object'),
  )
  .map(hoist);
