#!/usr/bin/env node
// Writes src/generated/chat-defaults.ts: the `default` of every ChatRequestBody property in the contract
// (directly or through its $ref), so `agents.chat` sends complete requests without a hand-kept copy.
// With --check nothing is written: it exits 1 when the committed file differs (--out=FILE checks another).
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { openapiDocument } from '@assistant-platform/types/openapi-document';

const schemas = openapiDocument.components.schemas;
const resolve = (schema) =>
  schema.$ref ? { ...schemas[schema.$ref.split('/').pop()], ...schema, $ref: undefined } : schema;

const defaults = {};
for (const [name, schema] of Object.entries(schemas.ChatRequestBody.properties)) {
  const resolved = resolve(schema);
  if (resolved.default !== undefined) defaults[name] = resolved.default;
}

const content =
  '// Generated from openapi/openapi.yaml by packages/client/scripts/generate-chat-defaults.mjs. Do not edit.\n\n' +
  '/** The declared `default` of each optional ChatRequestBody field. */\n' +
  `export const chatDefaults = ${JSON.stringify(defaults, null, 2)} as const;\n`;

const outArg = process.argv.find((arg) => arg.startsWith('--out='));
const out = outArg
  ? outArg.slice('--out='.length)
  : fileURLToPath(new URL('../src/generated/chat-defaults.ts', import.meta.url));
if (process.argv.includes('--check')) {
  const committed = await readFile(out, 'utf8').catch(() => '');
  if (committed !== content) {
    console.error(`${out} is out of date with openapi/openapi.yaml. Run \`pnpm generate:defaults\`.`);
    process.exit(1);
  }
  console.log('Chat defaults match openapi/openapi.yaml.');
} else {
  await writeFile(out, content);
  console.log(`Wrote ${out}.`);
}
