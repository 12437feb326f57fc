/**
 * Compares two versions of one JSON Schema (dereferenced, so possibly cyclic) in the direction its
 * values travel. In a `request` the client writes and the server judges, so what the new schema
 * accepts less (a narrower type, range, pattern, enum; a new required field) breaks clients, and
 * what it accepts more is compatible. In a `response` the server writes and the client reads, so it
 * is the other way round: a wider value (a new enum value, a looser bound, a field that may now be
 * absent) breaks a client that trusted the old one, a narrower one is compatible. A keyword this
 * module does not know is reported breaking: an unread change is not a safe change.
 */
import { type ChangeLog, sameValue, show } from './change.js';

export type Direction = 'request' | 'response';
type Schema = Record<string, unknown> | boolean;

/** Bounds a larger value of which makes the schema narrower (and the upper ones the other way). */
const LOWER_BOUNDS = ['minimum', 'exclusiveMinimum', 'minLength', 'minItems', 'minProperties'];
const UPPER_BOUNDS = ['maximum', 'exclusiveMaximum', 'maxLength', 'maxItems', 'maxProperties'];
/** Keywords that narrow when added, widen when removed, and do both when changed. */
const CONSTRAINTS = ['pattern', 'format', 'multipleOf', 'const', 'contentMediaType', 'contentEncoding'];
const DOCUMENTATION = ['description', 'title', 'example', 'examples', '$comment', 'externalDocs'];
/** Keywords with no bearing on which values are valid, or handled with another keyword. */
const IGNORED = [
  'x-deprecated-at',
  'required',
  'discriminator',
  'xml',
  '$id',
  '$schema',
  '$anchor',
  '$defs',
  'readOnly',
  'writeOnly',
];

export interface SchemaContext {
  log: ChangeLog;
  direction: Direction;
}

/** A narrowing breaks a request; a widening breaks a response. */
function narrowed(context: SchemaContext, where: string, message: string) {
  const breaking = context.direction === 'request';
  context.log.add(breaking ? 'breaking' : 'compatible', `${context.direction}-narrowed`, where, message);
}
function widened(context: SchemaContext, where: string, message: string) {
  const breaking = context.direction === 'response';
  context.log.add(breaking ? 'breaking' : 'compatible', `${context.direction}-widened`, where, message);
}

const typesOf = (schema: Record<string, unknown>): string[] | undefined => {
  const type = schema.type;
  if (type === undefined) return undefined;
  const types = Array.isArray(type) ? [...type] : [type as string];
  if (schema.nullable === true) types.push('null');
  return types;
};

function diffTypes(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  where: string,
  context: SchemaContext,
) {
  const old = typesOf(before);
  const now = typesOf(after);
  if (sameValue(old, now)) return;
  if (old === undefined) return narrowed(context, where, `type ${show(now)} added`);
  if (now === undefined) return widened(context, where, `type ${show(old)} removed`);
  // An integer is a number: `number` → `integer` narrows, it does not change the type.
  const covers = (types: string[], type: string) =>
    types.includes(type) || (type === 'integer' && types.includes('number'));
  const lost = old.filter((type) => !covers(now, type));
  const gained = now.filter((type) => !covers(old, type));
  if (lost.length > 0 && gained.length > 0) {
    return context.log.add('breaking', 'type-changed', where, `type ${show(old)} → ${show(now)}`);
  }
  if (lost.length > 0) narrowed(context, where, `type ${show(old)} → ${show(now)}`);
  if (gained.length > 0) widened(context, where, `type ${show(old)} → ${show(now)}`);
}

function diffEnum(before: unknown, after: unknown, where: string, context: SchemaContext) {
  if (sameValue(before, after)) return;
  if (!Array.isArray(before)) return narrowed(context, where, `enum ${show(after)} added`);
  if (!Array.isArray(after)) return widened(context, where, `enum ${show(before)} removed`);
  const key = (value: unknown) => JSON.stringify(value);
  const removed = before.filter((value) => !after.map(key).includes(key(value)));
  const added = after.filter((value) => !before.map(key).includes(key(value)));
  if (removed.length > 0) narrowed(context, where, `enum value(s) ${show(removed)} removed`);
  if (added.length > 0) widened(context, where, `enum value(s) ${show(added)} added`);
}

function diffBound(keyword: string, before: unknown, after: unknown, where: string, context: SchemaContext) {
  if (sameValue(before, after)) return;
  const message = `${keyword} ${show(before)} → ${show(after)}`;
  const lower = LOWER_BOUNDS.includes(keyword);
  if (before === undefined) return narrowed(context, where, message);
  if (after === undefined) return widened(context, where, message);
  const rises = (after as number) > (before as number);
  if (rises === lower) narrowed(context, where, message);
  else widened(context, where, message);
}

function diffConstraint(
  keyword: string,
  before: unknown,
  after: unknown,
  where: string,
  context: SchemaContext,
) {
  if (sameValue(before, after)) return;
  const message = `${keyword} ${show(before)} → ${show(after)}`;
  if (before === undefined) return narrowed(context, where, message);
  if (after === undefined) return widened(context, where, message);
  context.log.add('breaking', 'constraint-changed', where, message);
}

function diffProperties(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  where: string,
  context: SchemaContext,
  seen: Seen,
) {
  const oldProps = (before.properties ?? {}) as Record<string, Schema>;
  const newProps = (after.properties ?? {}) as Record<string, Schema>;
  const oldRequired = new Set((before.required ?? []) as string[]);
  const newRequired = new Set((after.required ?? []) as string[]);
  const request = context.direction === 'request';
  const { log } = context;
  for (const name of new Set([...Object.keys(oldProps), ...Object.keys(newProps)])) {
    const at = `${where}.${name}`;
    if (!(name in oldProps)) {
      if (request && newRequired.has(name))
        log.add('breaking', 'request-property-added-required', at, 'new required field');
      else
        log.add(
          'compatible',
          `${context.direction}-property-added`,
          at,
          newRequired.has(name) ? 'new field (always present)' : 'new optional field',
        );
      continue;
    }
    if (!(name in newProps)) {
      log.add('breaking', `${context.direction}-property-removed`, at, 'field removed');
      continue;
    }
    diffSchema(oldProps[name], newProps[name], at, context, seen);
    const was = oldRequired.has(name);
    const is = newRequired.has(name);
    if (was === is) continue;
    if (request) {
      if (is) log.add('breaking', 'request-property-became-required', at, 'optional → required');
      else log.add('compatible', 'request-property-became-optional', at, 'required → optional');
    } else if (was)
      log.add('breaking', 'response-property-became-optional', at, 'always present → may be absent');
    else log.add('compatible', 'response-property-became-required', at, 'may be absent → always present');
  }
}

function diffSubschemaList(
  keyword: string,
  before: unknown,
  after: unknown,
  where: string,
  context: SchemaContext,
  seen: Seen,
) {
  const old = (before ?? []) as Schema[];
  const now = (after ?? []) as Schema[];
  for (let index = 0; index < Math.min(old.length, now.length); index++) {
    diffSchema(old[index], now[index], `${where} ${keyword}[${index}]`, context, seen);
  }
  if (old.length === now.length) return;
  // More alternatives accept more; more allOf members accept less.
  const accepts = keyword === 'allOf' ? now.length < old.length : now.length > old.length;
  const message = `${keyword}: ${old.length} → ${now.length} subschemas`;
  if (accepts) widened(context, where, message);
  else narrowed(context, where, message);
}

type Seen = WeakMap<object, WeakSet<object>>;
const asObject = (schema: Schema | undefined): Record<string, unknown> =>
  schema === true || schema === undefined ? {} : schema === false ? { not: {} } : schema;

/** Reports into `context.log` every change from `before` to `after` at `where`. */
export function diffSchema(
  before: Schema | undefined,
  after: Schema | undefined,
  where: string,
  context: SchemaContext,
  seen: Seen = new WeakMap(),
): void {
  if (before === after) return;
  const old = asObject(before);
  const now = asObject(after);
  const pairs = seen.get(old) ?? new WeakSet<object>();
  if (pairs.has(now)) return; // a recursive schema already being compared
  pairs.add(now);
  seen.set(old, pairs);
  const { log } = context;
  diffTypes(old, now, where, context);
  for (const keyword of new Set([...Object.keys(old), ...Object.keys(now)])) {
    const [a, b] = [old[keyword], now[keyword]];
    if (keyword === 'type' || keyword === 'nullable' || IGNORED.includes(keyword)) continue;
    if (keyword === 'properties') {
      // `required` is read with `properties`: a field made required is a change of that field.
      if (!sameValue(a, b) || !sameValue(old.required, now.required))
        diffProperties(old, now, where, context, seen);
      continue;
    }
    if (sameValue(a, b)) continue;
    if (DOCUMENTATION.includes(keyword))
      log.add('documentation', 'documentation', where, `${keyword} changed`);
    else if (keyword === 'deprecated') {
      log.add(
        'compatible',
        b === true ? 'deprecated' : 'undeprecated',
        where,
        b === true ? 'deprecated' : 'no longer deprecated',
        b === true ? sunsetOf(now) : undefined,
      );
    } else if (keyword === 'x-sunset') {
      log.add('compatible', 'sunset', where, `sunset ${show(a)} → ${show(b)}`, { sunset: b as string });
    } else if (keyword === 'enum') diffEnum(a, b, where, context);
    else if (LOWER_BOUNDS.includes(keyword) || UPPER_BOUNDS.includes(keyword))
      diffBound(keyword, a, b, where, context);
    else if (/^x-max-/.test(keyword)) diffBound('maximum', a, b, `${where} (${keyword})`, context);
    else if (CONSTRAINTS.includes(keyword)) diffConstraint(keyword, a, b, where, context);
    else if (keyword === 'uniqueItems')
      (b === true ? narrowed : widened)(context, where, `uniqueItems ${show(a)} → ${show(b)}`);
    else if (keyword === 'default') {
      const level = context.direction === 'request' ? 'breaking' : 'documentation';
      log.add(level, 'default-changed', where, `default ${show(a)} → ${show(b)}`);
    } else if (
      keyword === 'items' ||
      keyword === 'additionalProperties' ||
      keyword === 'propertyNames' ||
      keyword === 'contains'
    ) {
      diffNested(keyword, a as Schema | undefined, b as Schema | undefined, where, context, seen);
    } else if (
      keyword === 'oneOf' ||
      keyword === 'anyOf' ||
      keyword === 'allOf' ||
      keyword === 'prefixItems'
    ) {
      diffSubschemaList(keyword, a, b, where, context, seen);
    } else if (keyword.startsWith('x-'))
      log.add('compatible', 'extension-changed', where, `${keyword} ${show(a)} → ${show(b)}`);
    else
      log.add(
        'breaking',
        'keyword-changed',
        where,
        `${keyword} ${show(a)} → ${show(b)} (not understood by the diff, so taken as breaking)`,
      );
  }
  // `required` alone (without a change of `properties`) still matters.
  if (!('properties' in old) && !('properties' in now) && !sameValue(old.required, now.required)) {
    const added = ((now.required ?? []) as string[]).filter(
      (name) => !((old.required ?? []) as string[]).includes(name),
    );
    if (added.length > 0) narrowed(context, where, `required ${show(added)} added`);
    else widened(context, where, `required ${show(old.required)} → ${show(now.required)}`);
  }
}

/** A subschema under `items`, `additionalProperties`...: absent means anything. */
function diffNested(
  keyword: string,
  a: Schema | undefined,
  b: Schema | undefined,
  where: string,
  context: SchemaContext,
  seen: Seen,
) {
  const at =
    keyword === 'items'
      ? `${where}[]`
      : keyword === 'additionalProperties'
        ? `${where}.*`
        : `${where} ${keyword}`;
  if (
    keyword === 'additionalProperties' &&
    (typeof a === 'boolean' || typeof b === 'boolean' || a === undefined || b === undefined)
  ) {
    const closedBefore = a === false;
    const closedAfter = b === false;
    if (closedBefore === closedAfter) return diffSchema(a, b, at, context, seen);
    if (closedAfter) return narrowed(context, where, 'no longer accepts other fields');
    return widened(context, where, 'now accepts other fields');
  }
  diffSchema(a, b, at, context, seen);
}

/** The deprecation detail of a schema, operation or parameter (its date read with `deprecated`). */
export function sunsetOf(node: Record<string, unknown>): { since?: string; sunset?: string } {
  const since = node['x-deprecated-at'];
  const sunset = node['x-sunset'];
  return {
    ...(typeof since === 'string' ? { since } : {}),
    ...(typeof sunset === 'string' ? { sunset } : {}),
  };
}
