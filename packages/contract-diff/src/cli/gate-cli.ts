#!/usr/bin/env node
import { runGate } from '../gate.js';
/**
 * `pnpm check:release` (in `pnpm test`): prints what changed since the last release — the
 * contracts and the API reports — with the bump it asks for and the one the pending changesets
 * give, and exits 1 when those do not match or the versions do not tell one story (gate.ts).
 */
import { formatText } from '../report.js';
import { repositoryRoot } from './repository-root.js';

const result = await runGate(repositoryRoot());
console.log(
  formatText({ base: result.release, changes: result.contract, bump: 'none' }).replace(
    / \(asks for a none bump\)/,
    '',
  ),
);
if (result.api.length > 0) {
  console.log(`API reports since ${result.release}:`);
  for (const change of result.api)
    console.log(
      `  - ${change.level}: ${change.document} ${change.where}: ${change.message} [${change.rule}]`,
    );
} else console.log(`API reports: no change since ${result.release}.`);
console.log(`Asks for: ${result.needed}; the pending changesets give the fixed group: ${result.given}.`);
if (result.failures.length > 0) {
  console.error(`Release gate failed:\n  - ${result.failures.join('\n  - ')}`);
  process.exit(1);
}
console.log('Release gate passed.');
