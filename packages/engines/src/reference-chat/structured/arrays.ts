/** Arrays of between minItems and maxItems items, each valid against every `items`, unique when asked. */
import type { Part } from './collect.js';
import { collect, largest, smallest, values } from './collect.js';
import type { GenerateContext } from './context.js';
import { listHint } from './hints.js';
import { deepEqual, type JsonSchema, SchemaIssue } from './schema.js';

export function generateArray(parts: Part[], name: string, ctx: GenerateContext, depth: number): unknown[] {
  const min = largest(parts, 'minItems') ?? 0;
  const max = smallest(parts, 'maxItems') ?? Infinity;
  const unique = parts.some((part) => part.schema.uniqueItems === true);
  const itemSchemas = values<JsonSchema>(parts, 'items');
  const forbidden = itemSchemas.find((v) => v.value === false);
  if (forbidden) {
    if (min > 0) throw new SchemaIssue(forbidden.pointer, 'items is false but minItems asks for items');
    return [];
  }
  const itemParts = itemSchemas.flatMap(({ value, pointer }) =>
    collect({ schema: value, pointer }, ctx.root),
  );
  const hinted = listHint(name, ctx.source)?.length;
  const wanted = ctx.compact || depth > 6 ? min : (hinted ?? ctx.rng.int(1, 3));
  const count = Math.max(min, Math.min(max, wanted, 3 + min));
  const items: unknown[] = [];
  let duplicates = 0;
  for (let index = 0, tries = 0; items.length < count && tries < count * 6; tries++, index++) {
    const outer = ctx.variant;
    ctx.variant = duplicates;
    let item: unknown;
    try {
      item = ctx.generate(itemParts, name, depth + 1, index);
    } finally {
      ctx.variant = outer;
    }
    if (unique && items.some((other) => deepEqual(other, item))) {
      duplicates++;
      continue;
    }
    items.push(item);
  }
  if (items.length < min) {
    throw new SchemaIssue(
      values(parts, 'minItems')[0]?.pointer ?? parts[0]?.pointer ?? '',
      `cannot make ${min} unique items`,
    );
  }
  return items;
}
