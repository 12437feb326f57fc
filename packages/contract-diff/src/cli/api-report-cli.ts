#!/usr/bin/env node
/**
 * `pnpm api:report` writes the published packages' API reports from their builds; with `--check`
 * (in `pnpm test`) it writes nothing and fails when a build's API differs from its committed report.
 */
import { API_REPORTS, extractApiReport, reportPath } from '../api-reports.js';
import { repositoryRoot } from './repository-root.js';

const root = repositoryRoot();
const update = !process.argv.includes('--check');
const drifted: string[] = [];
for (const report of API_REPORTS) {
  const { drifted: changed, errors } = await extractApiReport(root, report, update);
  if (errors.length > 0) {
    console.error(`${report.dir}/${report.entry}: ${errors.join('\n  ')}`);
    process.exitCode = 1;
  }
  if (changed) drifted.push(reportPath(root, report).slice(root.length + 1));
}
if (drifted.length > 0) {
  console.error(
    `API reports differ from the builds (pnpm build, then pnpm api:report, and commit them):\n  ${drifted.join('\n  ')}`,
  );
  process.exitCode = 1;
} else if (process.exitCode !== 1) {
  console.log(
    update
      ? `Wrote ${API_REPORTS.length} API reports.`
      : `The ${API_REPORTS.length} API reports match the builds.`,
  );
}
