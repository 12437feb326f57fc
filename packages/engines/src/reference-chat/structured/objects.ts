/**
 * Objects: required properties always, declared optional ones unless in budget mode, extra keys
 * only to reach minProperties. A property is allowed when every part with `additionalProperties`
 * either declares it or lets it through; those parts' additionalProperties schemas then apply too.
 */
import type { Part } from './collect.js';
import { collect, largest, smallest, values } from './collect.js';
import type { GenerateContext } from './context.js';
import { child, isObject, type JsonSchema, type Located, SchemaIssue, type SchemaObject } from './schema.js';

function declared(part: Part): SchemaObject {
  return isObject(part.schema.properties) ? part.schema.properties : {};
}

/** The schemas a key's value must meet, or undefined when some part forbids the key. */
function schemasFor(key: string, parts: Part[]): Located[] | undefined {
  const found: Located[] = [];
  for (const part of parts) {
    const properties = declared(part);
    if (Object.hasOwn(properties, key)) {
      found.push({ schema: properties[key] as JsonSchema, pointer: child(part.pointer, 'properties', key) });
    } else if (part.schema.additionalProperties !== undefined) {
      if (part.schema.additionalProperties === false) return undefined;
      found.push({
        schema: part.schema.additionalProperties as JsonSchema,
        pointer: child(part.pointer, 'additionalProperties'),
      });
    }
  }
  return found.some((located) => located.schema === false) ? undefined : found;
}

export function generateObject(parts: Part[], ctx: GenerateContext, depth: number): Record<string, unknown> {
  const required = [...new Set(values<string[]>(parts, 'required').flatMap((v) => v.value))];
  const optional = [...new Set(parts.flatMap((part) => Object.keys(declared(part))))].filter(
    (key) => !required.includes(key),
  );
  const min = largest(parts, 'minProperties') ?? 0;
  const max = smallest(parts, 'maxProperties') ?? Infinity;
  const where = (keyword: string) => values(parts, keyword)[0]?.pointer ?? parts[0]?.pointer ?? '';
  if (required.length > max)
    throw new SchemaIssue(where('maxProperties'), 'more properties are required than maxProperties allows');
  const result: Record<string, unknown> = {};
  const add = (key: string, schemas: Located[]) => {
    const keyParts = schemas.flatMap((located) => collect(located, ctx.root));
    result[key] = ctx.generate(keyParts, key, depth + 1);
  };
  for (const key of required) {
    const schemas = schemasFor(key, parts);
    if (!schemas) throw new SchemaIssue(where('required'), `required property "${key}" is forbidden`);
    add(key, schemas);
  }
  const budget = ctx.compact || depth > 6;
  for (const key of optional) {
    const count = Object.keys(result).length;
    if (count >= max || (budget && count >= min)) break;
    const schemas = schemasFor(key, parts);
    if (!schemas) continue;
    try {
      add(key, schemas);
    } catch (error) {
      if (!(error instanceof SchemaIssue)) throw error;
    }
  }
  for (let extra = 1; Object.keys(result).length < min && extra <= min + 8; extra++) {
    const key = `field${extra}`;
    if (Object.hasOwn(result, key)) continue;
    const schemas = schemasFor(key, parts);
    if (schemas) add(key, schemas);
  }
  if (Object.keys(result).length < min)
    throw new SchemaIssue(where('minProperties'), 'cannot reach minProperties with the allowed properties');
  return result;
}
