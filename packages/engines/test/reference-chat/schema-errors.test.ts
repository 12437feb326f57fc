import { describe, expect, test } from 'vitest';
import { EngineError } from '../../src/types.js';
import { callOptions, engine, withSchema } from './helpers.js';

const BASE = '/response_format/json_schema/schema';

async function issuesOf(schema: object, via: 'complete' | 'stream' = 'complete') {
  const req = withSchema(schema);
  const error = await (via === 'complete'
    ? engine.complete(req, callOptions())
    : engine.stream(req, callOptions())
  ).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(EngineError);
  const engineError = error as EngineError;
  expect(engineError.status).toBe(400);
  expect(engineError.message).toBe('Invalid input provided');
  return engineError.details.issues ?? [];
}

describe('schemas the engine cannot honour answer 400 naming the keyword', () => {
  test.each([
    ['not', { type: 'object', properties: { a: { not: { type: 'string' } } } }, '/properties/a/not'],
    ['if', { type: 'object', if: { required: ['a'] }, else: { required: ['b'] } }, '/if'],
    [
      'patternProperties',
      { type: 'object', patternProperties: { '^x': { type: 'string' } } },
      '/patternProperties',
    ],
    [
      'dependentSchemas',
      { type: 'object', dependentSchemas: { a: { required: ['b'] } } },
      '/dependentSchemas',
    ],
    ['prefixItems', { type: 'array', prefixItems: [{ type: 'string' }] }, '/prefixItems'],
    ['unevaluatedProperties', { type: 'object', unevaluatedProperties: false }, '/unevaluatedProperties'],
  ])('unsupported keyword "%s"', async (keyword, schema, pointer) => {
    expect(await issuesOf(schema)).toContainEqual({
      path: `${BASE}${pointer}`,
      message: `unsupported keyword "${keyword}"`,
    });
  });

  test.each([
    [
      'remote $ref',
      { type: 'object', properties: { a: { $ref: 'https://example.com/schema.json' } } },
      '/properties/a/$ref',
      'remote $ref',
    ],
    ['unresolvable $ref', { $ref: '#/$defs/missing' }, '/$ref', 'does not resolve'],
    [
      'minimum > maximum',
      { type: 'integer', minimum: 5, maximum: 1 },
      '/minimum',
      'minimum is greater than maximum',
    ],
    [
      'minLength > maxLength',
      { type: 'string', minLength: 5, maxLength: 2 },
      '/minLength',
      'minLength is greater than maxLength',
    ],
    [
      'minItems > maxItems',
      { type: 'array', minItems: 3, maxItems: 1 },
      '/minItems',
      'minItems is greater than maxItems',
    ],
    [
      'empty exclusive range',
      { type: 'number', exclusiveMinimum: 1, maximum: 1 },
      '/exclusiveMinimum',
      'range is empty',
    ],
    ['const not in enum', { enum: ['a', 'b'], const: 'c' }, '/const', 'const is not one of the enum values'],
    [
      'required but forbidden',
      { type: 'object', properties: {}, required: ['x'], additionalProperties: false },
      '/required',
      'required property "x" is forbidden',
    ],
    ['unknown format', { type: 'string', format: 'credit-card' }, '/format', 'unsupported format'],
    ['invalid pattern', { type: 'string', pattern: '([a-z' }, '/pattern', 'not a valid regular expression'],
    [
      'draft-4 boolean exclusiveMaximum',
      { type: 'number', maximum: 3, exclusiveMaximum: true },
      '/exclusiveMaximum',
      'must be a number',
    ],
    [
      'pattern the generator cannot honour (lookbehind)',
      { type: 'string', pattern: '^[a-z]+(?<!x)$' },
      '/pattern',
      'cannot generate a string matching pattern',
    ],
  ])('%s', async (_, schema, pointer, message) => {
    const issues = await issuesOf(schema);
    expect(
      issues.some((issue) => issue.path === `${BASE}${pointer}` && issue.message.includes(message)),
      JSON.stringify(issues),
    ).toBe(true);
  });

  test.each([
    ['types of allOf contradict', { allOf: [{ type: 'string' }, { type: 'integer' }] }],
    ['no multiple in range', { type: 'integer', minimum: 1, maximum: 4, multipleOf: 5 }],
    ['no integer in range', { type: 'integer', minimum: 1.2, maximum: 1.8 }],
    ['enum excluded by other constraints', { type: 'string', enum: ['abc', 'abcd'], maxLength: 2 }],
    ['allOf lengths contradict', { allOf: [{ type: 'string', minLength: 5 }, { maxLength: 2 }] }],
    [
      'required property whose schema is false',
      { type: 'object', properties: { a: false }, required: ['a'] },
    ],
    ['too few unique values', { type: 'array', items: { enum: [1, 2] }, minItems: 3, uniqueItems: true }],
  ])('contradiction found while answering: %s', async (_, schema) => {
    const issues = await issuesOf(schema);
    expect(issues.length).toBeGreaterThan(0);
    expect(issues.every((issue) => issue.path.startsWith(BASE))).toBe(true);
  });

  test('stream() rejects before returning the iterable', async () => {
    expect(await issuesOf({ type: 'object', not: {} }, 'stream')).toContainEqual({
      path: `${BASE}/not`,
      message: 'unsupported keyword "not"',
    });
  });

  test('every issue of a schema is listed, not only the first', async () => {
    const issues = await issuesOf({ type: 'object', properties: { a: { not: {} }, b: { if: {} } } });
    expect(issues.map((issue) => issue.path)).toEqual([
      `${BASE}/properties/a/not`,
      `${BASE}/properties/b/if`,
    ]);
  });
});
