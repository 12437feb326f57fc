import { isScope } from '@assistant-platform/types';
import type { Command } from 'commander';
import { InvalidArgumentError } from 'commander';
import { issueToken, revokeToken } from '../db/token-issue.js';
import type { WithStore } from './with-database.js';

function positiveInt(value: string): number {
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n < 1) throw new InvalidArgumentError('must be a positive integer');
  return n;
}

function scopeList(value: string): string[] {
  const scopes = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const bad = scopes.filter((s) => !isScope(s));
  if (scopes.length === 0 || bad.length > 0)
    throw new InvalidArgumentError(`unknown scope(s): ${bad.join(', ') || '(none given)'}`);
  return scopes;
}

/**
 * `token create|list|revoke`: manage API tokens; a token is printed only when created. Run on the
 * database, the CLI is the server's operator: `token create --operator` is how one who lost every
 * operator token (a revoke by mistake) gets one back.
 */
export function registerTokenCommands(
  program: Command,
  withStore: WithStore,
  print: (line: string) => void,
): void {
  const token = program.command('token').description('create, list and revoke API tokens');
  token
    .command('create')
    .description('create a token and print it once (only its SHA-256 hash is stored)')
    .requiredOption('--account <id>', 'account that owns the token', positiveInt)
    .option(
      '--scopes <list>',
      "comma-separated scopes, e.g. agents:read,agents:chat, or * for all of the account's",
      scopeList,
      ['*'],
    )
    .option('--operator', 'add the scope operator: administer the whole server (every account)')
    .option('--name <name>', 'a label for the token', 'cli')
    .action((options: { account: number; scopes: string[]; name: string; operator?: true }) =>
      withStore(async ({ repos }) => {
        const scopes = options.operator ? [...new Set([...options.scopes, 'operator'])] : options.scopes;
        const issued = await issueToken(repos, {
          accountId: options.account,
          name: options.name,
          scopes,
        });
        if (!issued) throw new Error(`account ${options.account} does not exist`);
        print(
          `Created token ${issued.record.id} for account ${options.account} (${scopes.join(',')}). It is shown only this once:`,
        );
        print(issued.token);
      }),
    );
  token
    .command('list')
    .description('list tokens (ids, accounts, scopes; never the tokens themselves)')
    .action(() =>
      withStore(async ({ repos }) => {
        const rows = await repos.tokens.list();
        if (rows.length === 0) print('No tokens.');
        for (const row of rows) {
          const state = row.revokedAt ? `revoked ${row.revokedAt}` : 'active';
          print(`${row.id}\taccount ${row.accountId}\t${row.name}\t${row.scopes.join(',')}\t${state}`);
        }
      }),
    );
  token
    .command('revoke')
    .description('revoke a token by its id; it answers 401 from then on')
    .argument('<id>', 'token id (see token list)', positiveInt)
    .action((id: number) =>
      withStore(async ({ repos }) => {
        if (!(await revokeToken(repos, id))) throw new Error(`no active token with id ${id}`);
        print(`Revoked token ${id}.`);
      }),
    );
}
