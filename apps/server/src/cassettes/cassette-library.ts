/**
 * The cassettes a replaying server answers from (`--replay DIR`), loaded once at start-up: every
 * `*.json` file of the folder (in name order, which is recording order), each valid against the
 * admin contract's `Cassette` schema and its answer valid against the platform's contract (its
 * status, media type, headers, body or every event and the stream's end), checked with the same
 * exchange checks the proxy runs. Any file that is not stops start-up, naming the file and the
 * rule, so a contract change that outdates recordings is seen at once, not as a wrong answer later.
 *
 * Requests are matched on method, path and the canonical form of the body (canonical-body.ts).
 * Several cassettes of the same request answer in turn, the last one answering again once all
 * have; `restart()` (a reset) starts the turns over. A cassette may be replayed any number of times.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { AdminOperationId, Cassette, NearestCassette } from '@assistant-platform/types/admin';
import {
  type ContractValidator,
  checkAnswerBody,
  checkAnswerHead,
  mediaTypeOf,
  operationMatcher,
  StreamCheck,
} from '@assistant-platform/types/validation';
import { canonicalBody, differences, ignoredPointers } from './canonical-body.js';
import { bytesOfBody, dataOf } from './cassette-format.js';

/** The most cassettes a folder may hold, and the largest file, so start-up stays bounded. */
const MAX_CASSETTES = 10_000;
const MAX_FILE_BYTES = 64 * 1024 * 1024;
/** Problems listed in the start-up error before "and N more". */
const MAX_LISTED = 20;

export class CassetteError extends Error {
  override name = 'CassetteError';
}

export interface LoadedCassette {
  /** The file's name in the folder. */
  file: string;
  cassette: Cassette;
}

interface Recorded {
  entries: LoadedCassette[];
  /** The body's canonical value, for the distance to a request that matches none. */
  value: unknown;
  turn: number;
}

export type CassetteMatch = { hit: LoadedCassette } | { hit: undefined; nearest: NearestCassette | null };

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

export class CassetteLibrary {
  private readonly index = new Map<string, Map<string, Recorded>>();
  private readonly ignored: ReadonlySet<string>;
  readonly size: number;

  constructor(cassettes: readonly LoadedCassette[], ignore: readonly string[]) {
    this.ignored = ignoredPointers(ignore);
    this.size = cassettes.length;
    for (const entry of cassettes) {
      const { method, path, body } = entry.cassette.request;
      const { text, value } = this.canonical(
        body === null ? undefined : 'json' in body ? body.json : bytesOfBody(body).toString(),
      );
      const key = `${method} ${path}`;
      let byBody = this.index.get(key);
      if (!byBody) {
        byBody = new Map();
        this.index.set(key, byBody);
      }
      const recorded = byBody.get(text);
      if (recorded) recorded.entries.push(entry);
      else byBody.set(text, { entries: [entry], value, turn: 0 });
    }
  }

  private canonical(body: unknown): { text: string; value: unknown } {
    return canonicalBody(body, this.ignored);
  }

  /** The cassette that answers this request (its turn taken), or the nearest one. */
  match(method: string, path: string, body: unknown): CassetteMatch {
    const byBody = this.index.get(`${method} ${path}`);
    const { text, value } = this.canonical(body);
    const recorded = byBody?.get(text);
    if (recorded) {
      const entry = recorded.entries[Math.min(recorded.turn, recorded.entries.length - 1)] as LoadedCassette;
      recorded.turn++;
      return { hit: entry };
    }
    let nearest: NearestCassette | null = null;
    for (const other of byBody?.values() ?? []) {
      const { count, places } = differences(other.value as never, value as never);
      if (nearest === null || count < nearest.distance)
        nearest = { cassette: other.entries[0]?.file ?? '', distance: count, differences: places };
    }
    return { hit: undefined, nearest };
  }

  /** Every cassette's turns start again (a reset). */
  restart(): void {
    for (const byBody of this.index.values()) for (const recorded of byBody.values()) recorded.turn = 0;
  }
}

/**
 * Reads and checks every cassette of `dir`; throws a CassetteError listing each file that is not
 * valid (the schema's or the contract's rule it breaks), or a folder that cannot be read.
 */
export function loadCassettes(
  dir: string,
  validators: { platform: ContractValidator; admin: ContractValidator<AdminOperationId> },
  ignore: readonly string[],
): CassetteLibrary {
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
    const found = (() => {
      if (statSync(path).size > MAX_FILE_BYTES) return [`larger than ${MAX_FILE_BYTES} bytes`];
      let value: unknown;
      try {
        value = JSON.parse(readFileSync(path, 'utf8'));
      } catch (error) {
        return [`not JSON: ${(error as Error).message}`];
      }
      const { issues } = validators.admin.check('Cassette', value);
      if (issues.length > 0)
        return issues.map(({ path: at, message }) => `cassette schema: ${at || '(the file)'} ${message}`);
      const cassette = value as Cassette;
      const { method, path: requestPath } = cassette.request;
      const operation = match(method, requestPath.slice('/v1'.length)).match;
      if (!operation) return [`request-route: no operation of the contract has ${method} ${requestPath}`];
      const wrong = contractProblems(validators.platform, operation.operationId, cassette);
      if (wrong.length === 0) loaded.push({ file, cassette });
      return wrong;
    })();
    for (const problem of found) problems.push(`${path}: ${problem}`);
  }
  if (problems.length > 0) {
    const listed = problems.slice(0, MAX_LISTED).join('\n  ');
    const more = problems.length > MAX_LISTED ? `\n  … and ${problems.length - MAX_LISTED} more` : '';
    throw new CassetteError(`cassettes that cannot be replayed (fix or delete them):\n  ${listed}${more}`);
  }
  return new CassetteLibrary(loaded, ignore);
}
