/**
 * Walks a response schema once before anything is generated and lists what the engine cannot honour:
 * unsupported keywords, remote or broken references, unknown formats, malformed keyword values and
 * contradictions visible within one schema object (minimum > maximum, const not in enum, ...).
 */
import { checkValues, type Report } from './keyword-values.js';
import { child, isObject, type JsonSchema, resolveRef, SchemaIssue, type SchemaObject } from './schema.js';

const ANNOTATIONS = [
  '$schema',
  '$id',
  '$comment',
  'title',
  'description',
  'default',
  'examples',
  'deprecated',
  'readOnly',
  'writeOnly',
  '$anchor',
];
const SUPPORTED = new Set([
  ...ANNOTATIONS,
  ...['type', 'enum', 'const', '$ref', '$defs', 'definitions', 'allOf', 'anyOf', 'oneOf'],
  ...['properties', 'required', 'additionalProperties', 'minProperties', 'maxProperties'],
  ...['items', 'minItems', 'maxItems', 'uniqueItems'],
  ...['minLength', 'maxLength', 'pattern', 'format'],
  ...['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'],
]);
/** Every issue of the schema, in document order; an empty list means generation may start. */
export function checkSchema(root: SchemaObject): SchemaIssue[] {
  const issues: SchemaIssue[] = [];
  const report: Report = (issue) => issues.push(issue);
  const walk = (schema: JsonSchema, at: string): void => {
    if (typeof schema === 'boolean') return;
    if (!isObject(schema)) {
      report(new SchemaIssue(at, 'a schema must be an object or a boolean'));
      return;
    }
    for (const key of Object.keys(schema)) {
      if (!SUPPORTED.has(key)) report(new SchemaIssue(child(at, key), `unsupported keyword "${key}"`));
    }
    checkValues(schema, at, report);
    if (typeof schema.$ref === 'string') {
      try {
        resolveRef(root, schema.$ref, child(at, '$ref'));
      } catch (error) {
        if (error instanceof SchemaIssue) report(error);
        else throw error;
      }
    } else if (schema.$ref !== undefined) report(new SchemaIssue(child(at, '$ref'), '$ref must be a string'));
    for (const key of ['properties', '$defs', 'definitions']) {
      const map = schema[key];
      if (map === undefined) continue;
      if (!isObject(map)) report(new SchemaIssue(child(at, key), `${key} must be an object`));
      else for (const [name, sub] of Object.entries(map)) walk(sub as JsonSchema, child(at, key, name));
    }
    for (const key of ['additionalProperties', 'items']) {
      if (schema[key] === undefined) continue;
      if (Array.isArray(schema[key]))
        report(new SchemaIssue(child(at, key), `${key} as an array is not supported`));
      else walk(schema[key] as JsonSchema, child(at, key));
    }
    for (const key of ['allOf', 'anyOf', 'oneOf']) {
      const list = schema[key];
      if (list === undefined) continue;
      if (!Array.isArray(list) || list.length === 0)
        report(new SchemaIssue(child(at, key), `${key} must be a non-empty array`));
      else
        list.forEach((sub, index) => {
          walk(sub as JsonSchema, child(at, key, index));
        });
    }
  };
  walk(root, '');
  return issues;
}
