/**
 * The published packages' API reports: API Extractor reads each public entry's built declarations
 * and writes what it exports, one `.api.md` per entry, committed in the package's `api/` folder.
 * `pnpm api:report` rewrites them; the check (in `pnpm test`) fails when a build's API differs from
 * its committed report, and the gate compares the committed reports with the last release's.
 */
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Extractor, ExtractorConfig, ExtractorLogLevel } from '@microsoft/api-extractor';

export interface ApiReport {
  /** The report's name, `<name>.api.md`. */
  name: string;
  /** The package's folder. */
  dir: string;
  /** Its built declaration file, in the package's folder. */
  entry: string;
}

export const API_REPORTS: readonly ApiReport[] = [
  { name: 'types', dir: 'packages/types', entry: 'dist/index.d.ts' },
  { name: 'types-validation', dir: 'packages/types', entry: 'dist/validation/index.d.ts' },
  { name: 'types-admin', dir: 'packages/types', entry: 'dist/admin.d.ts' },
  { name: 'client', dir: 'packages/client', entry: 'dist/index.d.ts' },
  { name: 'gateway-client', dir: 'packages/gateway-client', entry: 'dist/index.d.ts' },
  { name: 'server', dir: 'apps/server', entry: 'dist/index.d.ts' },
  { name: 'server-testing', dir: 'apps/server', entry: 'dist/testing.d.ts' },
];

export const reportPath = (root: string, report: ApiReport) =>
  join(root, report.dir, 'api', `${report.name}.api.md`);

export const readApiReport = (root: string, report: ApiReport) => readFile(reportPath(root, report), 'utf8');

/**
 * Runs API Extractor on one entry. `update` writes the report; otherwise a report that differs
 * from the committed one is returned as drifted. Problems API Extractor finds in the declarations
 * (release tags, forgotten exports) are left out: the report is a record, not a review.
 */
export async function extractApiReport(
  root: string,
  report: ApiReport,
  update: boolean,
): Promise<{ drifted: boolean; errors: string[] }> {
  const projectFolder = join(root, report.dir);
  const temp = await mkdtemp(join(tmpdir(), 'api-report-'));
  const errors: string[] = [];
  if (update) await mkdir(join(projectFolder, 'api'), { recursive: true });
  try {
    const config = ExtractorConfig.prepare({
      configObject: {
        projectFolder,
        mainEntryPointFilePath: join(projectFolder, report.entry),
        compiler: {
          overrideTsconfig: {
            compilerOptions: {
              lib: ['ES2023', 'DOM'],
              types: ['node'],
              skipLibCheck: true,
              strict: true,
              module: 'NodeNext',
              moduleResolution: 'NodeNext',
              target: 'ES2022',
            },
            files: [join(projectFolder, report.entry)],
          },
        },
        apiReport: {
          enabled: true,
          reportFileName: report.name,
          reportFolder: join(projectFolder, 'api'),
          reportTempFolder: temp,
        },
        newlineKind: 'lf',
        docModel: { enabled: false },
        dtsRollup: { enabled: false },
        tsdocMetadata: { enabled: false },
        messages: {
          compilerMessageReporting: { default: { logLevel: ExtractorLogLevel.Warning } },
          // Release tags and forgotten exports (types the tsup chunks hold) are not this project's
          // conventions: the report records the API, not API Extractor's advice.
          extractorMessageReporting: {
            default: { logLevel: ExtractorLogLevel.None, addToApiReportFile: false },
          },
          tsdocMessageReporting: { default: { logLevel: ExtractorLogLevel.None } },
        },
      },
      configObjectFullPath: join(projectFolder, 'api-extractor.json'),
      packageJsonFullPath: join(projectFolder, 'package.json'),
    });
    const result = Extractor.invoke(config, {
      localBuild: update,
      messageCallback: (message) => {
        if (message.logLevel === ExtractorLogLevel.Error) errors.push(message.text);
        message.handled = true;
      },
    });
    return { drifted: result.apiReportChanged && !update, errors };
  } finally {
    await rm(temp, { recursive: true, force: true });
  }
}
