/**
 * The cassettes a replaying server answers from (`--replay DIR`), read and checked once at start-up
 * (cassette-files.ts) and indexed there, so that finding one costs the same with ten cassettes or
 * ten thousand: a request is looked up by one key, its method and path, its authentication outcome
 * and the hash of its body's canonical JSON (canonical-body.ts).
 *
 * Authentication is part of the match as its outcome, not the token: a replaying server answers with
 * its own tokens, never the recording's (which a cassette does not even keep). A cassette whose
 * answer is 401 was recorded with a token the target refused, and answers only a request whose token
 * was refused; every other one, only a request the replaying server authenticated (which it does
 * before replay, so an unknown token is answered 401 by the server, never by a recorded success).
 *
 * Several cassettes of the same request answer in turn, the last one answering again once all have;
 * `restart()` (a reset) starts the turns over. A miss looks for the nearest cassette, bounded
 * (nearest-cassette.ts).
 */
import type { NearestCassette } from '@assistant-platform/types/admin';
import { canonicalBody, ignoredPointers, recordedBodyValue } from './canonical-body.js';
import { type CassetteValidators, type LoadedCassette, readCassettes } from './cassette-files.js';
import { type AuthOutcome, NearestIndex } from './nearest-cassette.js';

export type { LoadedCassette } from './cassette-files.js';
export type { AuthOutcome } from './nearest-cassette.js';

interface Recorded {
  entries: LoadedCassette[];
  turn: number;
}

export type CassetteMatch = { hit: LoadedCassette } | { hit: undefined; nearest: NearestCassette | null };

/** A recorded answer's authentication outcome: the target refused the token when it answered 401. */
export const outcomeOf = (status: number): AuthOutcome => (status === 401 ? 'refused' : 'accepted');

export class CassetteLibrary {
  /** `method path`, outcome and body hash → the cassettes recorded for it. */
  private readonly exact = new Map<string, Recorded>();
  /** `method path` → its distinct recorded bodies, for a miss's nearest. */
  private readonly nearby = new Map<string, NearestIndex<LoadedCassette>>();
  private readonly ignored: ReadonlySet<string>;
  readonly size: number;

  constructor(cassettes: readonly LoadedCassette[], ignore: readonly string[]) {
    this.ignored = ignoredPointers(ignore);
    this.size = cassettes.length;
    for (const entry of cassettes) {
      const { request, response } = entry.cassette;
      const route = `${request.method} ${request.path}`;
      const outcome = outcomeOf(response.status);
      const { hash, value } = canonicalBody(recordedBodyValue(request.body), this.ignored);
      const key = `${route}\n${outcome}\n${hash}`;
      const recorded = this.exact.get(key);
      if (recorded) {
        recorded.entries.push(entry);
        continue;
      }
      this.exact.set(key, { entries: [entry], turn: 0 });
      let index = this.nearby.get(route);
      if (!index) {
        index = new NearestIndex();
        this.nearby.set(route, index);
      }
      index.add(entry, value, outcome);
    }
  }

  /** The cassette that answers this request (its turn taken), or the nearest one. */
  match(method: string, path: string, body: unknown, outcome: AuthOutcome): CassetteMatch {
    const route = `${method} ${path}`;
    const { hash, value } = canonicalBody(body, this.ignored);
    const recorded = this.exact.get(`${route}\n${outcome}\n${hash}`);
    if (recorded) {
      const entry = recorded.entries[Math.min(recorded.turn, recorded.entries.length - 1)] as LoadedCassette;
      recorded.turn++;
      return { hit: entry };
    }
    const found = this.nearby.get(route)?.nearest(value, outcome) ?? null;
    if (found === null) return { hit: undefined, nearest: null };
    const { item, ...nearest } = found;
    return { hit: undefined, nearest: { cassette: item.file, ...nearest } };
  }

  /** Every cassette's turns start again (a reset). */
  restart(): void {
    for (const recorded of this.exact.values()) recorded.turn = 0;
  }
}

/** Reads, checks and indexes every cassette of `dir` (a CassetteError names each file that cannot be replayed). */
export const loadCassettes = (
  dir: string,
  validators: CassetteValidators,
  ignore: readonly string[],
): CassetteLibrary => new CassetteLibrary(readCassettes(dir, validators), ignore);
