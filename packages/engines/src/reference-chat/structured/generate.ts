/**
 * The value generator's dispatcher: resolves anyOf/oneOf by trying branches (best-suited first),
 * honours enum/const, then picks a type and hands over to the generator for that type. Every value
 * is checked against its parts; a miss tries the next branch or type, and when nothing fits the
 * SchemaIssue names where the schema could not be satisfied.
 */
import { generateArray } from './arrays.js';
import { withChoiceResolved } from './choices.js';
import { allowedTypes, collect, type Part, values } from './collect.js';
import type { GenerateContext } from './context.js';
import { rankValues } from './enum-choice.js';
import { booleanHint } from './hints.js';
import { generateNumber } from './numbers.js';
import { generateObject } from './objects.js';
import { type JsonType, SchemaIssue, type SchemaObject } from './schema.js';
import { generateString } from './strings.js';

const MAX_STEPS = 20000;

function fromEnum(parts: Part[], name: string, ctx: GenerateContext, index?: number): unknown {
  const listed = [
    ...values<unknown[]>(parts, 'enum'),
    ...values<unknown>(parts, 'const').map((v) => ({ ...v, value: [v.value] })),
  ];
  const first = listed[0] as { value: unknown[]; pointer: string };
  const allowed = first.value.filter((value) => parts.every((part) => ctx.validators.accepts(part, value)));
  if (allowed.length === 0)
    throw new SchemaIssue(first.pointer, 'no enum or const value satisfies the other constraints');
  const ranked = rankValues(name, allowed, ctx.source, ctx.rng);
  // Array items walk down the ranking, so uniqueItems arrays of enums find distinct values.
  return ranked[((index ?? 0) + ctx.variant) % ranked.length];
}

function ofType(
  type: JsonType,
  parts: Part[],
  name: string,
  depth: number,
  ctx: GenerateContext,
  index?: number,
): unknown {
  switch (type) {
    case 'null':
      return null;
    case 'boolean':
      return (
        (index === undefined && ctx.variant === 0 ? booleanHint(name, ctx.source) : undefined) ??
        ctx.rng.chance(0.5)
      );
    case 'integer':
    case 'number':
      return generateNumber(parts, name, type === 'integer', ctx);
    case 'string':
      return generateString(parts, name, ctx, index);
    case 'array':
      return generateArray(parts, name, ctx, depth);
    case 'object':
      return generateObject(parts, ctx, depth);
  }
}

export function generateParts(
  parts: Part[],
  name: string,
  depth: number,
  ctx: GenerateContext,
  index?: number,
): unknown {
  if (++ctx.steps > MAX_STEPS || depth > 40)
    throw new SchemaIssue(parts[0]?.pointer ?? '', 'the schema is too deep or too complex to satisfy');
  const choice = parts.findIndex(
    (part) => Array.isArray(part.schema.anyOf) || Array.isArray(part.schema.oneOf),
  );
  if (choice >= 0) return withChoiceResolved(parts, name, depth, ctx, choice, index);
  if (parts.some((part) => part.schema.enum !== undefined || 'const' in part.schema))
    return fromEnum(parts, name, ctx, index);
  const types = allowedTypes(parts);
  const ordered = [...types.filter((t) => t !== 'null'), ...types.filter((t) => t === 'null')];
  let last: SchemaIssue | undefined;
  for (const type of ordered) {
    try {
      const value = ofType(type, parts, name, depth, ctx, index);
      if (parts.every((part) => ctx.validators.accepts(part, value))) return value;
    } catch (error) {
      if (!(error instanceof SchemaIssue)) throw error;
      last = error;
    }
  }
  throw last ?? new SchemaIssue(parts[0]?.pointer ?? '', 'no value satisfies the schema');
}

/** A value valid against `root` (the whole response schema) as Ajv judges it, or a SchemaIssue. */
export function generateValue(
  root: SchemaObject,
  ctx: Omit<GenerateContext, 'generate' | 'root' | 'steps' | 'variant'>,
): unknown {
  const full: GenerateContext = {
    ...ctx,
    root,
    steps: 0,
    variant: 0,
    generate: (parts, name, depth, index) => generateParts(parts, name, depth, full, index),
  };
  const value = generateParts(collect({ schema: root, pointer: '' }, root), '', 0, full);
  if (!full.validators.root(value)) throw new SchemaIssue('', 'the engine could not satisfy this schema');
  return value;
}
