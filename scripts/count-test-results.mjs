#!/usr/bin/env node
// Sums the vitest JSON reports of every package (test-results/*.json) into the one line CI reads:
// "N passed, N failed". A check that failed before vitest ran (lint, spec lint, drift) counts as one
// failure. Above that line it names each failed and skipped test, a failure with the first lines of
// its message: a CI log is often read from its end, and there the names say where to look and the
// message says what went wrong, when the test's own output is far above.
import { readdir, readFile } from 'node:fs/promises';
import { stripVTControlCharacters } from 'node:util';

const dir = new URL('../test-results/', import.meta.url);
const stepFailed = process.argv.includes('--step-failed');
let passed = 0;
let failed = 0;
let skipped = 0;
const named = { failed: [], skipped: [] };
const root = new URL('../', import.meta.url).pathname;
for (const name of (await readdir(dir).catch(() => [])).sort()) {
  if (!name.endsWith('.json')) continue;
  const report = JSON.parse(await readFile(new URL(name, dir), 'utf8'));
  passed += report.numPassedTests ?? 0;
  failed += report.numFailedTests ?? 0;
  skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  for (const file of report.testResults ?? []) {
    const path = String(file.name ?? '').replace(root, '');
    // A file that failed to load has no tests to count but is still a failure.
    if (file.status === 'failed' && file.assertionResults.length === 0) {
      failed += 1;
      named.failed.push(`${path}: ${String(file.message ?? 'failed to load').split('\n')[0]}`);
    }
    for (const test of file.assertionResults ?? []) {
      const title = `${path} > ${test.fullName ?? test.title}`;
      if (test.status === 'failed') named.failed.push(`${title}${firstLines(test.failureMessages)}`);
      else if (test.status === 'pending' || test.status === 'skipped' || test.status === 'todo') {
        named.skipped.push(title);
      }
    }
  }
}
/** The first lines of a failure's message, indented under its title, without colour codes. */
function firstLines(messages) {
  const text = stripVTControlCharacters(String(messages?.[0] ?? ''));
  const lines = text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .slice(0, 6);
  return lines.map((line) => `\n    ${line.trim().slice(0, 300)}`).join('');
}

if (stepFailed && failed === 0) failed = 1;
for (const [kind, titles] of Object.entries(named)) {
  for (const title of titles.slice(0, 20)) console.log(`${kind}: ${title}`);
  if (titles.length > 20) console.log(`${kind}: … and ${titles.length - 20} more`);
}
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
