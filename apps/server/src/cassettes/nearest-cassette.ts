/**
 * The nearest recording of a request that none matches, for the miss's diagnostic: looked for only
 * on a miss, and bounded so that a miss costs about what a hit does whatever the folder holds. Each
 * recorded body of one method and path is indexed at load by its leaves (a value at a JSON Pointer).
 * A miss takes at most MAX_CANDIDATES of them, those sharing the request's rarest leaves first (a
 * leaf most bodies share, such as the model, says little), then the earliest recorded; ranks them by
 * the leaves they do not share (a set lookup each), and compares the EXACT best ranked exactly
 * (canonical-body.ts `differences`, within one visit budget). A recording made with the other
 * authentication outcome counts one place farther.
 */
import { createHash } from 'node:crypto';
import { differences, escapeKey, isObject, type Json, VISIT_BUDGET } from './canonical-body.js';

/** How the target took the recorded request's token: `refused` when it answered 401. */
export type AuthOutcome = 'accepted' | 'refused';

/** Bodies ranked on a miss, at most, and of those, compared exactly. */
export const MAX_CANDIDATES = 64;
const EXACT = 8;
/** Leaves of one body indexed (or looked up), at most: the first, in the body's order. */
const MAX_LEAVES = 256;
/** A leaf's text longer than this is indexed by its hash, so the index holds no copy of long texts. */
const LONG_LEAF = 64;

export interface Nearest<Item> {
  item: Item;
  distance: number;
  differences: string[];
  /** The recording's outcome, when it differs from the request's. */
  authentication?: AuthOutcome;
}

/** `pointer` + a NUL + the leaf's JSON text (or its hash), for the first MAX_LEAVES leaves of `value`. */
function leafKeys(value: Json): string[] {
  const keys: string[] = [];
  const leaf = (node: Json, pointer: string) => {
    const text = JSON.stringify(node);
    keys.push(
      `${pointer}\u0000${text.length > LONG_LEAF ? createHash('sha1').update(text).digest('base64') : text}`,
    );
  };
  const walk = (node: Json, pointer: string): void => {
    if (Array.isArray(node) && node.length > 0)
      for (let i = 0; i < node.length && keys.length < MAX_LEAVES; i++)
        walk(node[i] as Json, `${pointer}/${i}`);
    else if (isObject(node) && Object.keys(node).length > 0)
      for (const key in node) {
        if (keys.length >= MAX_LEAVES) break;
        walk(node[key] as Json, `${pointer}/${escapeKey(key)}`);
      }
    else leaf(node, pointer);
  };
  walk(value, '');
  return keys;
}

export class NearestIndex<Item> {
  private readonly recorded: {
    item: Item;
    value: Json;
    outcome: AuthOutcome;
    leaves: ReadonlySet<string>;
  }[] = [];
  /** Which recorded bodies (by position) have each leaf. */
  private readonly postings = new Map<string, number[]>();

  add(item: Item, value: Json, outcome: AuthOutcome): void {
    const leaves = new Set(leafKeys(value));
    const at = this.recorded.push({ item, value, outcome, leaves }) - 1;
    for (const key of leaves) {
      const list = this.postings.get(key);
      if (list) list.push(at);
      else this.postings.set(key, [at]);
    }
  }

  /** The recorded body nearest to `value` (a request made with `outcome`), among the bounded candidates. */
  nearest(value: Json, outcome: AuthOutcome): Nearest<Item> | null {
    const candidates = new Set<number>();
    const mine = new Set(leafKeys(value));
    const shared = [...mine]
      .map((key) => this.postings.get(key))
      .filter((list) => list !== undefined)
      .sort((a, b) => a.length - b.length);
    for (const list of shared)
      for (const at of list) {
        if (candidates.size >= MAX_CANDIDATES) break;
        candidates.add(at);
      }
    for (let at = 0; at < this.recorded.length && candidates.size < MAX_CANDIDATES; at++) candidates.add(at);
    const unshared = (at: number) => {
      const { leaves, outcome: recordedOutcome } = this.recorded[at] as (typeof this.recorded)[number];
      let common = 0;
      for (const key of mine) if (leaves.has(key)) common++;
      return mine.size + leaves.size - 2 * common + (recordedOutcome === outcome ? 0 : 1);
    };
    const ranked = [...candidates]
      .map((at) => ({ at, rank: unshared(at) }))
      .sort((x, y) => x.rank - y.rank || x.at - y.at)
      .slice(0, EXACT)
      .map(({ at }) => at);
    const budget = { left: VISIT_BUDGET };
    let best: Nearest<Item> | null = null;
    let bestAt = 0;
    for (const at of ranked) {
      const recorded = this.recorded[at] as (typeof this.recorded)[number];
      const found = differences(recorded.value, value, budget);
      // A comparison the budget cut short is not a distance; the first one stands, as a lower bound.
      if (!found.complete && best !== null) break;
      const other = recorded.outcome !== outcome;
      // A miss differs somewhere: a comparison cut short before finding where still counts one.
      const distance = Math.max(1, found.count + (other ? 1 : 0));
      if (best === null || distance < best.distance || (distance === best.distance && at < bestAt)) {
        best = {
          item: recorded.item,
          distance,
          differences: found.places,
          ...(other ? { authentication: recorded.outcome } : {}),
        };
        bestAt = at;
      }
      if (!found.complete) break;
    }
    return best;
  }
}
