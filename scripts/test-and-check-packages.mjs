#!/usr/bin/env node
/**
 * The last step of `pnpm test`: every package's typecheck and suites (turbo, going on past a
 * failure), then the published packages' checks (`check:packages`, the API reports `check:api`
 * and the release gate `check:release`, RELEASING.md) whether or not a suite failed, so one run
 * tells all. Prints the outcome of each and fails when either failed.
 */
import { spawnSync } from 'node:child_process';

const steps = [
  ['typecheck and tests', ['exec', 'turbo', 'run', 'typecheck', 'test', '--continue']],
  ['published packages', ['run', 'check:packages']],
  ['API reports', ['run', 'check:api']],
  ['release gate', ['run', 'check:release']],
];

const outcomes = steps.map(([name, args]) => {
  const { status, error } = spawnSync('pnpm', args, { stdio: 'inherit' });
  return { name, passed: !error && status === 0 };
});
for (const { name, passed } of outcomes) console.log(`${name}: ${passed ? 'passed' : 'FAILED'}`);
process.exit(outcomes.every((outcome) => outcome.passed) ? 0 : 1);
