/**
 * Checks of one schema object's own keyword values: well-formed counts, bounds, enum, required,
 * formats and patterns, and contradictions visible within the object (minimum > maximum, const
 * not in enum, a required property that is forbidden, an empty exclusive range).
 */
import { SUPPORTED_FORMATS } from './formats.js';
import { child, deepEqual, isObject, JSON_TYPES, SchemaIssue, type SchemaObject } from './schema.js';

const COUNTS = ['minProperties', 'maxProperties', 'minItems', 'maxItems', 'minLength', 'maxLength'];
const BOUNDS = ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'];

export type Report = (issue: SchemaIssue) => void;

export function checkValues(node: SchemaObject, at: string, report: Report): void {
  const types = node.type === undefined ? [] : Array.isArray(node.type) ? node.type : [node.type];
  for (const type of types) {
    if (!JSON_TYPES.includes(type as never))
      report(new SchemaIssue(child(at, 'type'), `unknown type ${JSON.stringify(type)}`));
  }
  for (const key of COUNTS) {
    const value = node[key];
    if (value !== undefined && !(Number.isInteger(value) && (value as number) >= 0))
      report(new SchemaIssue(child(at, key), `${key} must be a non-negative integer`));
  }
  for (const key of BOUNDS) {
    const value = node[key];
    if (value !== undefined && (typeof value !== 'number' || !Number.isFinite(value)))
      report(new SchemaIssue(child(at, key), `${key} must be a number`));
  }
  if (typeof node.multipleOf === 'number' && node.multipleOf <= 0)
    report(new SchemaIssue(child(at, 'multipleOf'), 'multipleOf must be greater than 0'));
  if (node.enum !== undefined && !Array.isArray(node.enum))
    report(new SchemaIssue(child(at, 'enum'), 'enum must be an array'));
  if (Array.isArray(node.enum) && node.enum.length === 0)
    report(new SchemaIssue(child(at, 'enum'), 'enum is empty'));
  if (Array.isArray(node.enum) && 'const' in node && !node.enum.some((value) => deepEqual(value, node.const)))
    report(new SchemaIssue(child(at, 'const'), 'const is not one of the enum values'));
  if (
    node.required !== undefined &&
    !(Array.isArray(node.required) && node.required.every((k) => typeof k === 'string'))
  )
    report(new SchemaIssue(child(at, 'required'), 'required must be an array of strings'));
  if (node.format !== undefined && !SUPPORTED_FORMATS.includes(node.format as never))
    report(new SchemaIssue(child(at, 'format'), `unsupported format ${JSON.stringify(node.format)}`));
  if (node.pattern !== undefined) {
    try {
      new RegExp(String(node.pattern), 'u');
    } catch {
      report(new SchemaIssue(child(at, 'pattern'), 'pattern is not a valid regular expression'));
    }
  }
  checkContradictions(node, at, report);
}

/** Only ranges made empty by an exclusive bound; plain minimum > maximum is reported on its own. */
function emptyRange(node: SchemaObject): boolean {
  if (node.exclusiveMinimum === undefined && node.exclusiveMaximum === undefined) return false;
  const num = (key: string, fallback: number) =>
    typeof node[key] === 'number' ? (node[key] as number) : fallback;
  const exMin = num('exclusiveMinimum', -Infinity);
  const exMax = num('exclusiveMaximum', Infinity);
  const lo = Math.max(exMin, num('minimum', -Infinity));
  const hi = Math.min(exMax, num('maximum', Infinity));
  return lo > hi || (lo === hi && (lo === exMin || hi === exMax));
}

function checkContradictions(node: SchemaObject, at: string, report: Report): void {
  const pairs: [string, string][] = [
    ['minimum', 'maximum'],
    ['minLength', 'maxLength'],
    ['minItems', 'maxItems'],
    ['minProperties', 'maxProperties'],
  ];
  for (const [low, high] of pairs) {
    if (
      typeof node[low] === 'number' &&
      typeof node[high] === 'number' &&
      (node[low] as number) > (node[high] as number)
    )
      report(new SchemaIssue(child(at, low), `${low} is greater than ${high}`));
  }
  if (emptyRange(node))
    report(
      new SchemaIssue(
        child(at, 'exclusiveMinimum' in node ? 'exclusiveMinimum' : 'exclusiveMaximum'),
        'the numeric range is empty',
      ),
    );
  if (Array.isArray(node.required) && isObject(node.properties ?? {})) {
    const properties = (node.properties ?? {}) as SchemaObject;
    for (const key of node.required as string[]) {
      const declared = Object.hasOwn(properties, key);
      if ((declared && properties[key] === false) || (!declared && node.additionalProperties === false))
        report(new SchemaIssue(child(at, 'required'), `required property "${key}" is forbidden`));
    }
  }
}
