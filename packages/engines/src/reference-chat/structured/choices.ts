/**
 * anyOf/oneOf: branches are tried one by one (non-null first, then a seeded rotation), each merged
 * with the rest of the schema; a oneOf value is kept only when exactly one branch accepts it.
 */
import { collect, type Part } from './collect.js';
import type { GenerateContext } from './context.js';
import { child, type JsonSchema, SchemaIssue } from './schema.js';

export function withChoiceResolved(
  parts: Part[],
  name: string,
  depth: number,
  ctx: GenerateContext,
  at: number,
  itemIndex?: number,
): unknown {
  const part = parts[at] as Part;
  const keyword = Array.isArray(part.schema.oneOf) ? 'oneOf' : 'anyOf';
  const { [keyword]: branches, ...rest } = part.schema;
  const list = branches as JsonSchema[];
  // Prefer non-null branches so a nullable field carries a value; then a seeded rotation.
  const start = ctx.rng.int(0, list.length - 1);
  const order = list
    .map((_, i) => (start + i) % list.length)
    .sort((a, b) => Number(isNull(list[a])) - Number(isNull(list[b])));
  let last: SchemaIssue | undefined;
  const others = parts.filter((_, i) => i !== at);
  for (const branch of order) {
    const pointer = child(part.pointer, keyword, branch);
    // A branch's value may also match a sibling branch of a oneOf; other draws may not.
    for (let draw = 0; draw < (keyword === 'oneOf' ? 3 : 1); draw++) {
      try {
        const branchParts = collect({ schema: list[branch] as JsonSchema, pointer }, ctx.root);
        const value = ctx.generate(
          [...others, { schema: rest, pointer: part.pointer }, ...branchParts],
          name,
          depth,
          itemIndex,
        );
        if (keyword === 'oneOf' && acceptingBranches(list, part.pointer, value, ctx) !== 1) continue;
        return value;
      } catch (error) {
        if (!(error instanceof SchemaIssue)) throw error;
        last = error;
        break;
      }
    }
  }
  throw (
    last ??
    new SchemaIssue(
      child(part.pointer, keyword),
      `no branch of ${keyword} gives a value valid against exactly one branch`,
    )
  );
}

function acceptingBranches(
  list: JsonSchema[],
  pointer: string,
  value: unknown,
  ctx: GenerateContext,
): number {
  return list.filter((branch, index) =>
    ctx.validators.accepts({ schema: branch, pointer: child(pointer, 'oneOf', index) }, value),
  ).length;
}

function isNull(schema: JsonSchema | undefined): boolean {
  return typeof schema === 'object' && (schema.type === 'null' || schema.const === null);
}
