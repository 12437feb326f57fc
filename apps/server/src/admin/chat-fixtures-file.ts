/**
 * Start-up chat fixtures: the file `CHAT_FIXTURES` names, or fixtures given in code (`build()`'s
 * `chatFixtures`, `startReferenceServer`'s). Either is a JSON array checked against the admin
 * contract's `ChatFixtures` schema and each pattern against RE2, all before any is used, so bad
 * fixtures change nothing. Their problems are configuration errors naming where they came from and
 * the entry (`[2].match.messageMatches`), as start-up reports any other bad setting.
 */
import { readFileSync } from 'node:fs';
import { ConfigError, ContractValidationError } from '@assistant-platform/types';
import type { AdminOperationId, ChatFixtureInput } from '@assistant-platform/types/admin';
import type { ContractValidator } from '@assistant-platform/types/validation';
import { entryName } from '../seed/entry-name.js';
import { compileMessagePattern } from './message-pattern.js';

const invalid = (source: string, problems: string[]) =>
  new ConfigError(
    `Invalid configuration:\n${problems.map((problem) => `  ${source}: ${problem}`).join('\n')}`,
  );

export function readChatFixturesFile(
  path: string,
  validator: ContractValidator<AdminOperationId>,
): ChatFixtureInput[] {
  const source = `CHAT_FIXTURES: ${path}`;
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw invalid(source, [(error as Error).message]);
  }
  return checkChatFixtures(value, source, validator);
}

/**
 * The start-up fixtures (what a reset puts back): the `CHAT_FIXTURES` file's, read now, then those
 * given in code.
 */
export function startupChatFixtureInputs(
  path: string | undefined,
  fromCode: readonly ChatFixtureInput[],
  validator: ContractValidator<AdminOperationId>,
): ChatFixtureInput[] {
  return [...(path === undefined ? [] : readChatFixturesFile(path, validator)), ...fromCode];
}

/** `value` as chat fixtures, or a ConfigError naming `source` and each bad entry. */
export function checkChatFixtures(
  value: unknown,
  source: string,
  validator: ContractValidator<AdminOperationId>,
): ChatFixtureInput[] {
  const fail = (problems: string[]) => invalid(source, problems);
  const { issues } = validator.check('ChatFixtures', value);
  if (issues.length > 0) throw fail(issues.map((issue) => `${entryName(issue.path)}: ${issue.message}`));
  const fixtures = value as ChatFixtureInput[];
  const patterns = fixtures.flatMap((fixture, index) => {
    if (fixture.match.messageMatches === undefined) return [];
    try {
      compileMessagePattern(fixture.match.messageMatches);
      return [];
    } catch (error) {
      if (!(error instanceof ContractValidationError)) throw error;
      return error.issues.map((issue) => `${entryName(`/${index}${issue.path}`)}: ${issue.message}`);
    }
  });
  if (patterns.length > 0) throw fail(patterns);
  return fixtures;
}
