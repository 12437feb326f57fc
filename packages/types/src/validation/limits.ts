/**
 * The contract's size limits, checked before anything looks at the items themselves. Ajv with
 * `allErrors` copies its error list for every failing `$ref` item, so a million bad items cost a
 * million-squared copies; checked first, every array and object Ajv sees is within its declared
 * bounds and validation stays linear in the size of the body.
 *
 * Read from the schema: `maxItems`, `maxProperties`, and the contract's own `x-max-json-bytes`
 * and `x-max-depth` (a response schema's JSON size and subschema nesting), which no JSON Schema
 * keyword can say.
 */
import type { ValidationIssue } from '../schema-types.js';

type SchemaNode = Record<string, unknown>;
type Components = Record<string, SchemaNode>;

function resolve(schema: unknown, components: Components): SchemaNode | undefined {
  let node = schema;
  for (let hops = 0; hops < 32 && typeof (node as SchemaNode)?.$ref === 'string'; hops++) {
    const ref = (node as SchemaNode).$ref as string;
    node = components[ref.slice(ref.lastIndexOf('/') + 1)];
  }
  return node !== null && typeof node === 'object' ? (node as SchemaNode) : undefined;
}

function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

function admits(schema: SchemaNode, value: unknown): boolean {
  const declared = schema.type;
  if (declared === undefined) return true;
  const types = Array.isArray(declared) ? declared : [declared];
  const actual = jsonType(value);
  return types.includes(actual) || (actual === 'integer' && types.includes('number'));
}

const SUBSCHEMA_MAPS = ['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas'];
const SUBSCHEMA_ONE = [
  'items',
  'additionalProperties',
  'additionalItems',
  'not',
  'if',
  'then',
  'else',
  'contains',
  'propertyNames',
  'unevaluatedItems',
  'unevaluatedProperties',
];
const SUBSCHEMA_LISTS = ['allOf', 'anyOf', 'oneOf', 'prefixItems'];

/** How deep subschemas nest in a JSON Schema (the schema itself is 1), without recursion. */
export function subschemaDepth(schema: unknown): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[schema, 1]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop() as [unknown, number];
    if (node === null || typeof node !== 'object' || Array.isArray(node)) continue;
    deepest = Math.max(deepest, depth);
    const record = node as SchemaNode;
    for (const key of SUBSCHEMA_MAPS) {
      const map = record[key];
      if (map !== null && typeof map === 'object' && !Array.isArray(map))
        for (const child of Object.values(map)) stack.push([child, depth + 1]);
    }
    for (const key of SUBSCHEMA_ONE) if (record[key] !== undefined) stack.push([record[key], depth + 1]);
    for (const key of SUBSCHEMA_LISTS) {
      const list = record[key];
      if (Array.isArray(list)) for (const child of list) stack.push([child, depth + 1]);
    }
  }
  return deepest;
}

const LIMIT_KEYWORDS = ['maxItems', 'maxProperties', 'x-max-json-bytes', 'x-max-depth'];

const escapeKey = (key: string) => key.replaceAll('~', '~0').replaceAll('/', '~1');

export interface SchemaLimits {
  /** Whether a schema has a size limit anywhere below it (memoised; a recursive schema has). */
  hasLimits(schema: unknown): boolean;
  /**
   * Every place where `value` is over a size limit of `schema` (at most `max`), with Ajv's wording.
   * Below a place over its limit nothing is looked at, nor below a schema without limits.
   */
  limitIssues(schema: unknown, value: unknown, pointer?: string, max?: number): ValidationIssue[];
}

/** The limits of the schemas of one contract, whose `$ref`s point into `components`. */
export function schemaLimits(components: Components): SchemaLimits {
  const limited = new WeakMap<SchemaNode, boolean>();
  // Each schema object's target, found once: following a `$ref` by name slices and hashes a new
  // string, which was most of the walk's time on every body.
  const targets = new WeakMap<object, SchemaNode | null>();
  function target(raw: unknown): SchemaNode | undefined {
    if (raw === null || typeof raw !== 'object') return undefined;
    let found = targets.get(raw);
    if (found === undefined) {
      found = resolve(raw, components) ?? null;
      targets.set(raw, found);
    }
    return found ?? undefined;
  }
  function hasLimits(raw: unknown): boolean {
    const node = target(raw);
    if (!node) return false;
    const known = limited.get(node);
    if (known !== undefined) return known;
    limited.set(node, true); // while in progress: a cycle back to this node is assumed limited
    const children: unknown[] = [
      ...((node.allOf as unknown[]) ?? []),
      ...((node.oneOf as unknown[]) ?? []),
      ...((node.anyOf as unknown[]) ?? []),
      ...Object.values((node.properties as SchemaNode) ?? {}),
      node.items,
      typeof node.additionalProperties === 'object' ? node.additionalProperties : undefined,
    ];
    const result = LIMIT_KEYWORDS.some((key) => node[key] !== undefined) || children.some(hasLimits);
    limited.set(node, result);
    return result;
  }

  function limitIssues(schema: unknown, value: unknown, pointer = '', max = 50): ValidationIssue[] {
    const issues: ValidationIssue[] = [];
    let seen: Set<string> | undefined;
    // Raw keys and indexes, escaped only when an issue names them: most bodies have none.
    const path: string[] = [];
    const report = (message: string) => {
      const at = pointer + path.map((segment) => `/${escapeKey(segment)}`).join('');
      const key = `${at}\u0000${message}`;
      seen ??= new Set();
      if (seen.has(key)) return;
      seen.add(key);
      issues.push({ path: at, message });
    };
    const walkChild = (raw: unknown, current: unknown, segment: string): void => {
      path.push(segment);
      walk(raw, current);
      path.pop();
    };
    const walk = (raw: unknown, current: unknown): void => {
      if (issues.length >= max || !hasLimits(raw)) return;
      const node = target(raw) as SchemaNode;
      const maxBytes = node['x-max-json-bytes'];
      if (typeof maxBytes === 'number' && Buffer.byteLength(JSON.stringify(current) ?? '') > maxBytes) {
        report(`must NOT be more than ${maxBytes} bytes of JSON`);
        return;
      }
      const maxDepth = node['x-max-depth'];
      if (typeof maxDepth === 'number' && subschemaDepth(current) > maxDepth) {
        report(`must NOT nest subschemas more than ${maxDepth} deep`);
        return;
      }
      if (Array.isArray(node.allOf)) for (const member of node.allOf) walk(member, current);
      for (const key of ['oneOf', 'anyOf']) {
        const branches = node[key];
        if (!Array.isArray(branches)) continue;
        for (const branch of branches) {
          const resolved = target(branch);
          if (resolved && admits(resolved, current)) walk(resolved, current);
        }
      }
      if (Array.isArray(current)) {
        if (typeof node.maxItems === 'number' && current.length > node.maxItems) {
          report(`must NOT have more than ${node.maxItems} items`);
          return;
        }
        if (node.items !== undefined && hasLimits(node.items))
          for (let i = 0; i < current.length && issues.length < max; i++)
            walkChild(node.items, current[i], String(i));
      } else if (current !== null && typeof current === 'object') {
        const keys = Object.keys(current);
        if (typeof node.maxProperties === 'number' && keys.length > node.maxProperties) {
          report(`must NOT have more than ${node.maxProperties} properties`);
          return;
        }
        const properties = (node.properties ?? {}) as SchemaNode;
        const extra = node.additionalProperties;
        for (const key of keys) {
          if (issues.length >= max) return;
          const child = Object.hasOwn(properties, key)
            ? properties[key]
            : typeof extra === 'object' && extra !== null
              ? extra
              : undefined;
          // A property whose schema has no limit anywhere below is not walked into.
          if (child !== undefined && hasLimits(child)) walkChild(child, (current as SchemaNode)[key], key);
        }
      }
    };
    walk(schema, value);
    return issues;
  }
  return { hasLimits, limitIssues };
}
