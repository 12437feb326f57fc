#!/usr/bin/env node
/**
 * `pnpm contract:diff [BASE] [--format text|markdown|json]`: the contract's changes since BASE,
 * a released version kept in openapi/released/ (the last one when omitted) or a folder holding
 * openapi.yaml and admin.yaml. Exits 0 whatever it finds: the gate (`contract-gate`) judges.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { diffContracts } from '../contract-diff.js';
import { lastRelease, RELEASED_DIR } from '../released.js';
import { type Format, format } from '../report.js';
import { repositoryRoot } from './repository-root.js';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { format: { type: 'string', default: 'text' } },
});
const as = values.format as Format;
if (!['text', 'markdown', 'json'].includes(as)) {
  console.error(`--format takes text, markdown or json, not ${as}`);
  process.exit(2);
}

const root = repositoryRoot();
const base = positionals[0] ?? (await lastRelease(root));
const released = join(root, RELEASED_DIR, base);
const baseDir = existsSync(released) ? released : resolve(base);
if (!existsSync(join(baseDir, 'openapi.yaml'))) {
  console.error(
    `${base} is neither a release in ${RELEASED_DIR}/ nor a folder with openapi.yaml and admin.yaml`,
  );
  process.exit(2);
}
const diff = await diffContracts(baseDir, join(root, 'openapi'), existsSync(released) ? base : baseDir);
console.log(format(diff, as));
