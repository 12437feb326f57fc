#!/usr/bin/env node
// Generates src/generated/ from the canonical contract (openapi/openapi.yaml):
//   openapi.ts          - the `paths`/`components` types, by openapi-typescript
//   openapi-document.ts - the parsed document, so the server and gateway validate from the same schemas
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
    'openapi-document.ts':
      `${banner}import type { OpenApiDocument } from '../openapi-document-type.js';\n\n` +
      `export const openapiDocument: OpenApiDocument = ${JSON.stringify(document, null, 2)};\n`,
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
