// The contract's component schemas as named TypeScript types, for generate.mjs. openapi-typescript
// writes each schema inside `components['schemas']`, where an object is an anonymous type: an editor
// shows a value of it as its whole structure, and a property whose schema is a `$ref` carries no
// documentation. Here every schema gets a declaration of its own name: an object an interface, whose
// properties are documented with their own description or else their `$ref` target's, and typed by
// the named type of a `$ref` or by openapi-typescript's type of the property; a union of `$ref`s a
// union of names, an array of a `$ref` an array of its name, anything else an alias of
// openapi-typescript's type. The types stay openapi-typescript's (each interface is the same
// structure as its `components['schemas']` entry); only the names and the documentation are added.

const refName = (schema) =>
  typeof schema?.$ref === 'string' && schema.$ref.startsWith('#/components/schemas/')
    ? schema.$ref.slice('#/components/schemas/'.length)
    : undefined;

/** A JSDoc block of `lines`, indented by `indent`; none when there is nothing to say. */
function docComment(lines, indent) {
  const text = lines
    .filter((line) => line !== undefined)
    .join('\n')
    .trim()
    .replaceAll('*/', '*\\/');
  if (text === '') return '';
  const body = text.split('\n').map((line) => `${indent} *${line.trim() === '' ? '' : ` ${line.trimEnd()}`}`);
  return `${indent}/**\n${body.join('\n')}\n${indent} */\n`;
}

const key = (name) => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : JSON.stringify(name));

function propertyDoc(schemas, property) {
  const target = refName(property);
  const description = property.description ?? (target ? schemas[target]?.description : undefined);
  const defaultValue = property.default ?? (target ? schemas[target]?.default : undefined);
  return [description, defaultValue === undefined ? undefined : `@default ${JSON.stringify(defaultValue)}`];
}

/** Whether openapi-typescript wrote the schema as a plain object type (no index signature). */
const isPlainObject = (schema) =>
  schema.properties !== undefined &&
  (schema.additionalProperties === undefined || schema.additionalProperties === false) &&
  schema.oneOf === undefined &&
  schema.anyOf === undefined &&
  schema.allOf === undefined;

function declaration(schemas, name, schema) {
  const doc = docComment([schema.description], '');
  if (isPlainObject(schema)) {
    const required = new Set(schema.required ?? []);
    const members = Object.entries(schema.properties).map(([property, propertySchema]) => {
      const type = refName(propertySchema) ?? `Schemas[${JSON.stringify(name)}][${JSON.stringify(property)}]`;
      const optional = required.has(property) ? '' : '?';
      return `${docComment(propertyDoc(schemas, propertySchema), '  ')}  ${key(property)}${optional}: ${type};`;
    });
    return `${doc}export interface ${name} {\n${members.join('\n')}\n}\n`;
  }
  const branches = schema.oneOf ?? schema.anyOf;
  const names = branches?.map(refName);
  if (names && names.length > 0 && names.every(Boolean) && schema.properties === undefined) {
    return `${doc}export type ${name} = ${names.join(' | ')};\n`;
  }
  const item = schema.type === 'array' ? refName(schema.items) : undefined;
  if (item) return `${doc}export type ${name} = ${item}[];\n`;
  return `${doc}export type ${name} = Schemas[${JSON.stringify(name)}];\n`;
}

/** The file's text: one named type per component schema of `document`, in the document's order. */
export function namedTypes(document, banner) {
  const schemas = document.components.schemas;
  const declarations = Object.entries(schemas).map(([name, schema]) => declaration(schemas, name, schema));
  return (
    `${banner}import type { components } from './openapi.js';\n\n` +
    `type Schemas = components['schemas'];\n\n${declarations.join('\n')}`
  );
}
