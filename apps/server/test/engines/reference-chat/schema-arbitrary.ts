/**
 * fast-check arbitraries of satisfiable JSON Schemas: every keyword the engine supports, combined
 * so that a valid value always exists (ranges hold a multiple, oneOf branches have distinct types).
 */
import fc from 'fast-check';

type Schema = Record<string, unknown>;

const SAFE_PATTERNS = [
  '^[a-z]{3,6}$',
  '^[A-Z]{2}-\\d{3}$',
  '\\d{2}',
  '^(yes|no|maybe)$',
  '^[a-f0-9]{8}$',
  '^\\w+@\\w+\\.com$',
];
const FORMATS = ['date-time', 'date', 'time', 'email', 'uri', 'uuid', 'hostname', 'ipv4', 'ipv6'];
const NAMES = [
  'summary',
  'sentiment',
  'language',
  'email',
  'name',
  'title',
  'tags',
  'count',
  'score',
  'urgent',
  'x',
  'value',
  'reply',
  'createdAt',
  'id',
];

const stringSchema: fc.Arbitrary<Schema> = fc.oneof(
  fc.record({ type: fc.constant('string') }),
  fc
    .tuple(fc.nat(20), fc.nat(30))
    .map(([min, extra]) => ({ type: 'string', minLength: min, maxLength: min + extra })),
  fc.constantFrom(...FORMATS).map((format) => ({ type: 'string', format })),
  fc.constantFrom(...SAFE_PATTERNS).map((pattern) => ({ type: 'string', pattern })),
  fc
    .uniqueArray(fc.string({ minLength: 1, maxLength: 8 }), { minLength: 1, maxLength: 4 })
    .map((values) => ({ type: 'string', enum: values })),
);

const integerSchema: fc.Arbitrary<Schema> = fc
  .tuple(fc.integer({ min: -1000, max: 1000 }), fc.integer({ min: 1, max: 12 }), fc.nat(5), fc.boolean())
  .map(([lo, step, span, exclusive]) => {
    const hi = lo + step * (span + 2);
    return exclusive
      ? { type: 'integer', exclusiveMinimum: lo, exclusiveMaximum: hi, multipleOf: step }
      : { type: 'integer', minimum: lo, maximum: hi, multipleOf: step };
  });

const numberSchema: fc.Arbitrary<Schema> = fc
  .tuple(
    fc.double({ min: -100, max: 100, noNaN: true }),
    fc.constantFrom(0.5, 0.25, 0.1, 0.01, undefined),
    fc.double({ min: 0.001, max: 50, noNaN: true }),
  )
  .map(([lo, step, width]) => {
    const span = step === undefined ? width : Math.max(width, step * 3);
    return {
      type: 'number',
      exclusiveMinimum: lo,
      maximum: lo + span,
      ...(step === undefined ? {} : { multipleOf: step }),
    };
  });

const scalar: fc.Arbitrary<Schema> = fc.oneof(
  stringSchema,
  integerSchema,
  numberSchema,
  fc.constant({ type: 'boolean' }),
  fc.constant({ type: 'null' }),
  fc
    .jsonValue({ maxDepth: 2 })
    // Ajv's deep-equal (fast-deep-equal) calls a.valueOf(): objects owning such keys break the judge, not the engine.
    .filter((value) => !/"(valueOf|toString)"/.test(JSON.stringify(value)))
    .map((value) => ({ const: value })),
  stringSchema.map((schema) => ({ ...schema, type: ['string', 'null'] })),
);

const variedItem: fc.Arbitrary<Schema> = fc.oneof(
  fc.constant({ type: 'string' }),
  fc.constant({ type: 'string', maxLength: 3 }),
  fc
    .constantFrom('uuid', 'date', 'email', 'date-time', 'hostname')
    .map((format) => ({ type: 'string', format })),
  fc.constant({ type: 'integer', minimum: 0, maximum: 1000 }),
  fc.constant({ type: 'number' }),
);

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
  ),
}));

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
