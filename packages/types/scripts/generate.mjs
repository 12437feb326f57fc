#!/usr/bin/env node
// Generates src/generated/ from the contracts, openapi/openapi.yaml (the platform) and
// openapi/admin.yaml (the reference server's admin API):
//   openapi.ts, admin.ts                   - their types, by openapi-typescript
//   schemas.ts                             - the platform's schemas as named, documented types
//   openapi-document.ts, admin-document.ts - the parsed documents (the admin one bundled: the
//                                            platform components it refers to copied in), which the
//                                            validators and the docs page read
//   operations.ts                          - both operation tables and every scope a token may carry
//   defaults.ts                            - every declared default, so no package derives them itself,
//                                            and the chat models every offline server knows
//   limits.ts                              - the admin API's declared limits (bounds, allowed values),
//                                            which the console's forms check before sending, and
//                                            its properties marked x-in-flight-limited
//   deprecations.ts                        - what each contract deprecates (`deprecated: true`), with its
//                                            dates: the headers the server sends, the SDK's warnings
// With --check nothing is written: it exits 1 when the committed files differ from a fresh generation.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import { parse } from 'yaml';
import { bundleDocument } from './bundle-document.mjs';
import {
  declaredDefaults,
  declaredInFlightLimited,
  declaredLimits,
  declaredScopes,
  operationTable,
} from './contract-tables.mjs';
import { deprecationTable } from './deprecation-table.mjs';
import { namedTypes } from './named-types.mjs';

// --spec=FILE reads another platform contract (the drift test uses it to prove a stale output is caught).
const specArg = process.argv.find((arg) => arg.startsWith('--spec='));
const specUrl = specArg
  ? pathToFileURL(specArg.slice('--spec='.length))
  : new URL('../../../openapi/openapi.yaml', import.meta.url);
const adminUrl = new URL('../../../openapi/admin.yaml', import.meta.url);
const outDir = new URL('../src/generated/', import.meta.url);
const banner = (source) =>
  `// Generated from ${source} by packages/types/scripts/generate.mjs. Do not edit.\n`;
const json = (value) => JSON.stringify(value, null, 2);

async function typesOf(document, source) {
  // openapi-typescript mutates the document it is given (it adds discriminator enums), so give it a copy.
  const ast = await openapiTS(structuredClone(document), {
    alphabetize: false,
    immutable: false,
    defaultNonNullable: false,
  });
  return `${banner(source)}/* eslint-disable */\n${astToString(ast)}`;
}

/** Every scope a token may carry: both documents' `x-scopes`, `*` last; admin.yaml's `Scope` must list them. */
function scopesOf(platform, admin) {
  const scopes = [...new Set([...declaredScopes(platform), ...declaredScopes(admin)])];
  const all = [...scopes.filter((scope) => scope !== '*'), '*'];
  const listed = admin.components.schemas.Scope?.enum ?? [];
  if (json([...listed].sort()) !== json([...all].sort())) {
    throw new Error(
      `admin.yaml's Scope lists ${json(listed)}; the x-scopes of the two documents are ${json(all)}`,
    );
  }
  return all;
}

/** `ChatModel`'s `x-known-models`, which must hold its default. */
function knownChatModels(platform) {
  const schema = platform.components.schemas.ChatModel;
  const known = schema['x-known-models'];
  if (!Array.isArray(known) || !known.includes(schema.default))
    throw new Error("openapi.yaml's ChatModel must list its default in x-known-models");
  return known;
}

async function render() {
  const platform = parse(await readFile(specUrl, 'utf8'));
  const admin = bundleDocument(parse(await readFile(adminUrl, 'utf8')), platform);
  const sources = 'openapi/openapi.yaml and openapi/admin.yaml';
  return {
    'openapi.ts': await typesOf(platform, 'openapi/openapi.yaml'),
    'admin.ts': await typesOf(admin, 'openapi/admin.yaml'),
    'schemas.ts': namedTypes(platform, banner('openapi/openapi.yaml')),
    'operations.ts':
      `${banner(sources)}\n` +
      '/** Every scope a token may carry (`x-scopes` of both bearer schemes); `*` grants them all. */\n' +
      `export const SCOPES = ${json(scopesOf(platform, admin))} as const;\n\n` +
      '/** Each platform operation: where it lives, the scope it requires, what it takes. */\n' +
      `export const OPERATIONS = ${json(operationTable(platform))} as const;\n\n` +
      "/** Each operation of the reference server's admin API, under `/_admin`. */\n" +
      `export const ADMIN_OPERATIONS = ${json(operationTable(admin))} as const;\n`,
    'defaults.ts':
      `${banner(sources)}\n` +
      '/** The declared `default` of each optional property, per platform schema that declares any. */\n' +
      `export const DECLARED_DEFAULTS = ${json(declaredDefaults(platform))} as const;\n\n` +
      '/** The same for the admin API. */\n' +
      `export const ADMIN_DEFAULTS = ${json(declaredDefaults(admin))} as const;\n\n` +
      "/** The chat models a server with its offline engine knows (`ChatModel`'s `x-known-models`). */\n" +
      `export const KNOWN_CHAT_MODELS = ${json(knownChatModels(platform))} as const;\n`,
    'limits.ts':
      `${banner('openapi/admin.yaml')}\n` +
      "/** Per admin schema, each property's declared bounds and allowed values (with its `type`). */\n" +
      `export const ADMIN_LIMITS = ${json(declaredLimits(admin))} as const;\n\n` +
      "/** Per admin schema, the properties marked `x-in-flight-limited` (a `Fault`'s that hold a connection). */\n" +
      `export const ADMIN_IN_FLIGHT_LIMITED = ${json(declaredInFlightLimited(admin))} as const;\n`,
    'deprecations.ts':
      `${banner(sources)}import type { DeprecationTable } from '../deprecation.js';\n\n` +
      '/** What the platform contract deprecates, per operation (see deprecation.ts). */\n' +
      `export const DEPRECATIONS: DeprecationTable = ${json(deprecationTable(platform))};\n\n` +
      '/** The same for the admin API. */\n' +
      `export const ADMIN_DEPRECATIONS: DeprecationTable = ${json(deprecationTable(admin))};\n`,
    'openapi-document.ts':
      `${banner('openapi/openapi.yaml')}import type { OpenApiDocument } from '../openapi-document-type.js';\n\n` +
      `export const openapiDocument: OpenApiDocument = ${json(platform)};\n`,
    'admin-document.ts':
      `${banner('openapi/admin.yaml')}import type { OpenApiDocument } from '../openapi-document-type.js';\n\n` +
      `export const adminDocument: OpenApiDocument = ${json(admin)};\n`,
  };
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
    `Generated types are out of date with the contracts in openapi/:\n  ${stale.join('\n  ')}\n` +
      'Run `pnpm generate` and commit the result.',
  );
  process.exit(1);
}
console.log(
  check
    ? 'Generated types match the contracts in openapi/.'
    : 'Generated src/generated/ from the contracts in openapi/.',
);
