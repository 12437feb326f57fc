#!/usr/bin/env node
// Generates src/generated/ from the canonical contract (openapi/openapi.yaml):
//   openapi.ts          - the `paths`/`components` types, by openapi-typescript
//   openapi-document.ts - the parsed document, so the server and gateway validate from the same schemas
//   operations.ts       - the operation table (method, path, scope, path parameters) and the scopes
//   defaults.ts         - every declared default, so no package derives them on its own
// With --check nothing is written: it exits 1 when the committed files differ from a fresh generation.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import { parse } from 'yaml';

// --spec=FILE reads another contract (the drift test uses it to prove a stale output is caught).
const specArg = process.argv.find((arg) => arg.startsWith('--spec='));
const specUrl = specArg
  ? pathToFileURL(specArg.slice('--spec='.length))
  : new URL('../../../openapi/openapi.yaml', import.meta.url);
const outDir = new URL('../src/generated/', import.meta.url);
const banner =
  '// Generated from openapi/openapi.yaml by packages/types/scripts/generate.mjs. Do not edit.\n';

async function render() {
  const yamlText = await readFile(specUrl, 'utf8');
  const document = parse(yamlText);
  // openapi-typescript mutates the document it is given (it adds discriminator enums), so give it a copy.
  const ast = await openapiTS(structuredClone(document), {
    alphabetize: false,
    immutable: false,
    defaultNonNullable: false,
  });
  return {
    'openapi.ts': `${banner}/* eslint-disable */\n${astToString(ast)}`,
    'operations.ts': renderOperations(document),
    'defaults.ts': renderDefaults(document),
    'openapi-document.ts':
      `${banner}import type { OpenApiDocument } from '../openapi-document-type.js';\n\n` +
      `export const openapiDocument: OpenApiDocument = ${JSON.stringify(document, null, 2)};\n`,
  };
}

const HTTP_METHODS = ['get', 'put', 'post', 'patch', 'delete'];
const json = (value) => JSON.stringify(value, null, 2);

/** A component schema by `$ref`, one hop. */
function target(document, schema) {
  const ref = schema?.$ref;
  return typeof ref === 'string' ? document.components.schemas[ref.split('/').pop()] : schema;
}

/**
 * The operation table: each operation's method, path, required scope (from its own `security`),
 * path parameters (and whether each is an integer), whether it takes a JSON body and whether it is
 * in-flight limited. Fails when an operation names no scope or one `x-scopes` does not declare.
 */
function renderOperations(document) {
  const declared = Object.keys(document.components.securitySchemes.bearerAuth['x-scopes'] ?? {});
  const operations = {};
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of HTTP_METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const scope = operation.security?.[0]?.bearerAuth?.[0];
      if (!declared.includes(scope)) {
        throw new Error(
          `${operation.operationId}: its security must name one scope of x-scopes, got ${scope}`,
        );
      }
      const pathParameters = (operation.parameters ?? [])
        .filter((parameter) => parameter.in === 'path')
        .map((parameter) => ({
          name: parameter.name,
          integer: target(document, parameter.schema)?.type === 'integer',
        }));
      operations[operation.operationId] = {
        method,
        path,
        scope,
        pathParameters,
        jsonBody: operation.requestBody?.content?.['application/json'] !== undefined,
        inFlightLimited: operation['x-in-flight-limited'] === true,
      };
    }
  }
  return (
    `${banner}\n` +
    '/** Every scope a token may carry (`x-scopes` of the bearer scheme); `*` grants them all. */\n' +
    `export const SCOPES = ${json(declared)} as const;\n\n` +
    '/** Each operation of the contract: where it lives, the scope it requires, what it takes. */\n' +
    `export const OPERATIONS = ${json(operations)} as const;\n`
  );
}

/** The declared `default` of each property of every object schema (directly or through one `$ref`). */
function renderDefaults(document) {
  const defaults = {};
  for (const [name, schema] of Object.entries(document.components.schemas)) {
    for (const [property, propertySchema] of Object.entries(schema.properties ?? {})) {
      const value = propertySchema.default ?? target(document, propertySchema)?.default;
      if (value === undefined) continue;
      defaults[name] ??= {};
      defaults[name][property] = value;
    }
  }
  return (
    `${banner}\n` +
    '/** The declared `default` of each optional property, per component schema that declares any. */\n' +
    `export const DECLARED_DEFAULTS = ${json(defaults)} as const;\n`
  );
}

const check = process.argv.includes('--check');
const files = await render();
const stale = [];
for (const [name, content] of Object.entries(files)) {
  const url = new URL(name, outDir);
  if (check) {
    const committed = await readFile(url, 'utf8').catch(() => '');
    if (committed !== content) stale.push(fileURLToPath(url));
  } else {
    await mkdir(outDir, { recursive: true });
    await writeFile(url, content);
  }
}
if (stale.length > 0) {
  console.error(
    `Generated types are out of date with openapi/openapi.yaml:\n  ${stale.join('\n  ')}\n` +
      'Run `pnpm generate` and commit the result.',
  );
  process.exit(1);
}
console.log(
  check
    ? 'Generated types match openapi/openapi.yaml.'
    : 'Generated src/generated/ from openapi/openapi.yaml.',
);
