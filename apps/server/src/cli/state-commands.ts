/**
 * `state export|import`: the admin API's `GET`/`PUT /_admin/state` on the configured database,
 * with no server running (or beside one: a running server notices the import's commit, as it
 * notices a CLI revoke). The document is the seed format, so an export is also a seed. The CLI acts
 * as the server's operator, on all data; an import that would leave no token with `operator` is
 * refused (seed/lock-out-rule.ts), as the admin API refuses one that locks its caller out.
 */
import { writeFileSync } from 'node:fs';
import type { Command } from 'commander';
import { exportState } from '../seed/export-state.js';
import { importState } from '../seed/import-state.js';
import { lockOutIssues } from '../seed/lock-out-rule.js';
import { readSeedFile, SeedError } from '../seed/seed-file.js';
import { StateEntryError } from '../seed/state-rows.js';
import type { WithStore } from './with-database.js';

/**
 * `export` reads an existing database only (none there is named, not created); `import` may create
 * the database it fills, so a state moves to a new file in one command.
 */
export function registerStateCommands(
  program: Command,
  databases: { existing: WithStore; created: WithStore },
  print: (line: string) => void,
): void {
  const state = program
    .command('state')
    .description('export or replace all data (accounts, tokens, agents…)');
  state
    .command('export')
    .description('print all data as a state document (tokens as their SHA-256 hashes)')
    .option('--out <file>', 'write it to this file instead of printing it')
    .action((options: { out?: string }) =>
      databases.existing(async ({ repos }) => {
        const text = `${JSON.stringify(await exportState(repos), null, 2)}\n`;
        if (options.out === undefined) print(text.trimEnd());
        else {
          writeFileSync(options.out, text);
          print(`Exported the state to ${options.out}.`);
        }
      }),
    );
  state
    .command('import')
    .description('replace all data with a state document, in one transaction')
    .argument('<file>', 'state document (JSON), e.g. from state export')
    .action((file: string) => {
      const document = readSeedFile(file);
      const lockOut = lockOutIssues(document, undefined);
      if (lockOut.length > 0)
        throw new SeedError(`Invalid state ${file}: ${new StateEntryError(lockOut).message}`);
      return databases.created(async (store) => {
        try {
          const summary = await importState(store, document);
          const counts = Object.entries(summary).map(([kind, n]) => `${n} ${kind}`);
          print(`Imported ${file}: ${counts.join(', ')}.`);
        } catch (error) {
          if (error instanceof StateEntryError)
            throw new SeedError(`Invalid state ${file}: ${error.message}`);
          throw error;
        }
      });
    });
}
