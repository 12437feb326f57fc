#!/usr/bin/env node
// Sums the vitest JSON reports of every package (test-results/*.json) into the one line CI reads:
// "N passed, N failed". A check that failed before vitest ran (lint, spec lint, drift) counts as one failure.
import { readdir, readFile } from 'node:fs/promises';

const dir = new URL('../test-results/', import.meta.url);
const stepFailed = process.argv.includes('--step-failed');
let passed = 0;
let failed = 0;
let skipped = 0;
for (const name of await readdir(dir).catch(() => [])) {
  if (!name.endsWith('.json')) continue;
  const report = JSON.parse(await readFile(new URL(name, dir), 'utf8'));
  passed += report.numPassedTests ?? 0;
  failed += report.numFailedTests ?? 0;
  skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  // A file that failed to load has no tests to count but is still a failure.
  failed += (report.testResults ?? []).filter(
    (file) => file.status === 'failed' && file.assertionResults.length === 0,
  ).length;
}
if (stepFailed && failed === 0) failed = 1;
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
