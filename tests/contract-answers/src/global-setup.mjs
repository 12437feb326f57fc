/**
 * The vitest global setup of a project whose reference servers' answers are checked: before the
 * run, an empty folder for the project's recordings (test-results/contract-answers/<project>/),
 * provided to record-answers.mjs; after it, the check, which fails the run on any answer the
 * contracts do not declare, listing each kind once with an example.
 */
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkRecordedAnswers } from './check-answers.mjs';

const RESULTS = fileURLToPath(new URL('../../../test-results', import.meta.url));
const SHOWN = 40;

let dir;

export function setup(project) {
  const name = project.name.replaceAll(/[^a-z0-9-]/gi, '-');
  dir = join(process.env.TEST_RESULTS_DIR ?? RESULTS, 'contract-answers', name);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  project.provide('contractAnswersDir', dir);
}

export function teardown() {
  const { answers, violations } = checkRecordedAnswers(dir);
  if (violations.length === 0) {
    console.log(`contract answers: the ${answers} answers recorded in ${dir} are all declared`);
    return;
  }
  const lines = violations
    .slice(0, SHOWN)
    .map(({ key, count, example }) => `  ${count}× ${key}\n     e.g. ${example}`);
  if (violations.length > SHOWN) lines.push(`  … and ${violations.length - SHOWN} more kinds`);
  throw new Error(
    `${violations.reduce((sum, { count }) => sum + count, 0)} of ${answers} answers break the contracts:\n${lines.join('\n')}`,
  );
}
