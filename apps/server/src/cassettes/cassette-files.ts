/**
 * Reading a replay folder's cassettes at start-up: every `*.json` file of the folder (in name order,
 * which is recording order), each a regular file (a symbolic link, a folder or a FIFO is refused,
 * never followed or opened), valid against the admin contract's `Cassette` schema (whose header
 * rules make every recorded header sendable: no CR or LF) and with an answer valid against the
 * platform's contract (its status, media type, headers, body or every event and the stream's end),
 * checked with the same exchange checks the proxy runs. Any file that is not stops start-up,
 * naming the file and the rule, never quoting the file's content: a folder may hold anything.
 */
import { closeSync, constants, fstatSync, lstatSync, openSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AdminOperationId, Cassette } from '@assistant-platform/types/admin';
import {
  type ContractValidator,
  checkAnswerBody,
  checkAnswerHead,
  mediaTypeOf,
  operationMatcher,
  StreamCheck,
} from '@assistant-platform/types/validation';
import { bytesOfBody, dataOf } from './cassette-format.js';

/** The most cassettes a folder may hold, and the largest file, so start-up stays bounded. */
export const MAX_CASSETTES = 10_000;
const MAX_FILE_BYTES = 64 * 1024 * 1024;
/** Problems listed in the start-up error before "and N more". */
const MAX_LISTED = 20;
/** Opens without following a link or waiting on a FIFO (where the platform has these flags). */
const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);

export class CassetteError extends Error {
  override name = 'CassetteError';
}

export interface LoadedCassette {
  /** The file's name in the folder. */
  file: string;
  cassette: Cassette;
}

export interface CassetteValidators {
  platform: ContractValidator;
  admin: ContractValidator<AdminOperationId>;
}

/** What is wrong with one cassette's answer against the platform's contract, as `rule: message` lines. */
function contractProblems(validator: ContractValidator, operationId: string, cassette: Cassette): string[] {
  const { status, headers, body, events } = cassette.response;
  // The replaying server sends its own x-request-id with every answer.
  const head = checkAnswerHead(validator, operationId, status, { ...headers, 'x-request-id': 'replayed' });
  const violations = [...head.violations];
  const isStream = mediaTypeOf(headers['content-type']) === 'text/event-stream';
  if (isStream !== (events !== null))
    return [
      `response: ${isStream ? 'a text/event-stream answer needs events' : 'only a text/event-stream answer has events'}`,
    ];
  if (events !== null && head.stream) {
    const check = new StreamCheck(validator, head.stream);
    for (const event of events) check.event(event.event, dataOf(event));
    violations.push(...check.end());
  } else if (events === null) {
    violations.push(
      ...checkAnswerBody(validator, operationId, status, headers['content-type'], bytesOfBody(body)),
    );
  }
  return violations.map(({ rule, message }) => `${rule}: ${message}`);
}

/** A regular file's text, or why it is not read (without a word of its content). */
function readRegularFile(path: string): { text: string } | { problem: string } {
  const kind = (stat: { isFile(): boolean; isSymbolicLink(): boolean }) =>
    stat.isSymbolicLink() ? 'a symbolic link' : stat.isFile() ? undefined : 'not a regular file';
  let fd: number;
  try {
    const refused = kind(lstatSync(path));
    if (refused) return { problem: `${refused}: a cassette must be a regular file of the folder` };
    fd = openSync(path, OPEN_FLAGS);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // ELOOP: it became a link between the two calls.
    if (code === 'ELOOP')
      return { problem: 'a symbolic link: a cassette must be a regular file of the folder' };
    return { problem: `cannot be read (${code ?? 'error'})` };
  }
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile())
      return { problem: 'not a regular file: a cassette must be a regular file of the folder' };
    if (stat.size > MAX_FILE_BYTES) return { problem: `larger than ${MAX_FILE_BYTES} bytes` };
    return { text: readFileSync(fd, 'utf8') };
  } finally {
    closeSync(fd);
  }
}

/** JSON.parse's message quotes the text it failed on: only its position is kept. */
function notJson(error: unknown): string {
  const at = /at position (\d+)/.exec((error as Error).message)?.[1];
  return `not JSON${at === undefined ? '' : ` (at character ${at})`}`;
}

function checked(
  path: string,
  validators: CassetteValidators,
  match: ReturnType<typeof operationMatcher>,
): { cassette?: Cassette; problems: string[] } {
  const read = readRegularFile(path);
  if ('problem' in read) return { problems: [read.problem] };
  let value: unknown;
  try {
    value = JSON.parse(read.text);
  } catch (error) {
    return { problems: [notJson(error)] };
  }
  const { issues } = validators.admin.check('Cassette', value);
  if (issues.length > 0)
    return {
      problems: issues.map(({ path: at, message }) => `cassette schema: ${at || '(the file)'} ${message}`),
    };
  const cassette = value as Cassette;
  const { method, path: requestPath } = cassette.request;
  const operation = match(method, requestPath.slice('/v1'.length)).match;
  if (!operation)
    return { problems: [`request-route: no operation of the contract has ${method} ${requestPath}`] };
  const problems = contractProblems(validators.platform, operation.operationId, cassette);
  return problems.length > 0 ? { problems } : { cassette, problems };
}

/**
 * Reads and checks every cassette of `dir`; throws a CassetteError listing each file that is not
 * valid (the schema's or the contract's rule it breaks), or a folder that cannot be read.
 */
export function readCassettes(dir: string, validators: CassetteValidators): LoadedCassette[] {
  let names: string[];
  try {
    names = readdirSync(dir)
      .filter((name) => name.endsWith('.json') && !name.startsWith('.'))
      .sort();
  } catch (error) {
    throw new CassetteError(`REPLAY_DIR ${dir} cannot be read: ${(error as Error).message}`);
  }
  if (names.length > MAX_CASSETTES)
    throw new CassetteError(
      `REPLAY_DIR ${dir} holds ${names.length} cassettes; at most ${MAX_CASSETTES} are replayed`,
    );
  const match = operationMatcher(validators.platform.contract);
  const loaded: LoadedCassette[] = [];
  const problems: string[] = [];
  for (const file of names) {
    const path = join(dir, file);
    const found = checked(path, validators, match);
    if (found.cassette) loaded.push({ file, cassette: found.cassette });
    for (const problem of found.problems) problems.push(`${path}: ${problem}`);
  }
  if (problems.length > 0) {
    const listed = problems.slice(0, MAX_LISTED).join('\n  ');
    const more = problems.length > MAX_LISTED ? `\n  … and ${problems.length - MAX_LISTED} more` : '';
    throw new CassetteError(`cassettes that cannot be replayed (fix or delete them):\n  ${listed}${more}`);
  }
  return loaded;
}
