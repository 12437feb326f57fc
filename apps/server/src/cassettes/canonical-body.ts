/**
 * How a replaying server compares request bodies: as JSON values, whatever their text (spacing, key
 * order, `\uXXXX` escapes, `1.0` or `1e0`), without the fields the user ignores (`--replay-ignore`;
 * a plain name is a top-level field, a JSON Pointer any other place). Such a value's canonical text
 * (keys sorted, the text an `Idempotency-Key` hashes) is hashed into the key a cassette is found by;
 * how far apart two bodies are is how many places of them differ, counted within a budget of nodes
 * so that no body, however large, makes a miss slow.
 */
import { createHash } from 'node:crypto';
import type { CassetteBody } from '@assistant-platform/types/admin';
import { canonicalJson } from '../pipeline/body/canonical-hash.js';
import { bytesOfBody } from './cassette-format.js';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export const isObject = (value: unknown): value is Record<string, Json> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

export const escapeKey = (key: string) =>
  /[~/]/.test(key) ? key.replaceAll('~', '~0').replaceAll('/', '~1') : key;

/** The ignored places as JSON Pointers (`seed` is `/seed`). */
export const ignoredPointers = (ignore: readonly string[]) =>
  new Set(ignore.map((entry) => (entry.startsWith('/') ? entry : `/${escapeKey(entry)}`)));

/** `value` without the ignored places. */
function withoutIgnored(value: unknown, ignored: ReadonlySet<string>, pointer = ''): Json {
  if (ignored.size === 0) return value as Json;
  if (Array.isArray(value))
    return value.flatMap((item, i) => {
      const at = `${pointer}/${i}`;
      return ignored.has(at) ? [] : [withoutIgnored(item, ignored, at)];
    });
  if (!isObject(value)) return value as Json;
  const kept: Record<string, Json> = {};
  for (const key of Object.keys(value)) {
    const at = `${pointer}/${escapeKey(key)}`;
    if (!ignored.has(at)) kept[key] = withoutIgnored(value[key], ignored, at);
  }
  return kept;
}

/**
 * The value a recorded request body is compared as: a `json` body's value; a `text` one parsed when
 * it is JSON (cassettes written before request bodies were always kept as `json`), else its text.
 */
export function recordedBodyValue(body: CassetteBody | null): unknown {
  if (body === null) return undefined;
  if ('json' in body) return body.json;
  const text = bytesOfBody(body).toString();
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** A body's canonical form: its value without the ignored places, and the hash of its canonical text. */
export function canonicalBody(body: unknown, ignored: ReadonlySet<string>): { hash: string; value: Json } {
  const value = body === undefined ? null : withoutIgnored(body, ignored);
  return { hash: createHash('sha256').update(canonicalJson(value)).digest('base64'), value };
}

/** The most nodes `differences` visits, over all the calls sharing one budget. */
export const VISIT_BUDGET = 20_000;

/**
 * The places (JSON Pointers) where two canonical values differ: the first `max` of them, and how
 * many. `budget.left` nodes may be visited; once spent, the count is what was found so far and
 * `complete` is false. A place's pointer is written only when it is listed.
 */
export function differences(
  a: Json,
  b: Json,
  budget: { left: number },
  max = 20,
): { count: number; places: string[]; complete: boolean } {
  const places: string[] = [];
  const path: (string | number)[] = [];
  let count = 0;
  const walk = (x: Json | undefined, y: Json | undefined): void => {
    if (--budget.left < 0 || x === y) return;
    if (isObject(x) && isObject(y)) {
      for (const key of Object.keys(x)) {
        if (budget.left <= 0) return;
        path.push(key);
        walk(x[key], Object.hasOwn(y, key) ? y[key] : undefined);
        path.pop();
      }
      for (const key of Object.keys(y))
        if (!Object.hasOwn(x, key)) {
          path.push(key);
          walk(undefined, y[key]);
          path.pop();
        }
      return;
    }
    if (Array.isArray(x) && Array.isArray(y)) {
      for (let i = 0; i < Math.max(x.length, y.length) && budget.left > 0; i++) {
        path.push(i);
        walk(x[i], y[i]);
        path.pop();
      }
      return;
    }
    // Two different leaves, a leaf and a container, or two kinds of container: one place.
    count++;
    if (places.length < max) places.push(path.map((key) => `/${escapeKey(String(key))}`).join(''));
  };
  walk(a, b);
  return { count, places, complete: budget.left >= 0 };
}
