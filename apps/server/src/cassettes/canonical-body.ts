/**
 * How a replaying server compares request bodies: in a canonical form, the JSON value without the
 * fields the user ignores (`--replay-ignore`; a plain name is a top-level field, a JSON Pointer any
 * other place), written as canonical JSON text (keys sorted, the text an `Idempotency-Key` hashes).
 * Two bodies match when their canonical texts are equal; how far apart two are is how many places
 * of them differ.
 */
import { canonicalJson } from '../pipeline/body/canonical-hash.js';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const isObject = (value: unknown): value is Record<string, Json> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

const escapeKey = (key: string) => key.replaceAll('~', '~0').replaceAll('/', '~1');

/** The ignored places as JSON Pointers (`seed` is `/seed`). */
export const ignoredPointers = (ignore: readonly string[]) =>
  new Set(ignore.map((entry) => (entry.startsWith('/') ? entry : `/${escapeKey(entry)}`)));

/** `value` without the ignored places . */
function withoutIgnored(value: unknown, ignored: ReadonlySet<string>, pointer = ''): Json {
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

/** A body's canonical form: its value without the ignored places, and that value's canonical text. */
export function canonicalBody(body: unknown, ignored: ReadonlySet<string>): { text: string; value: Json } {
  const value = body === undefined ? null : withoutIgnored(body, ignored);
  return { text: canonicalJson(value), value };
}

/** The places (JSON Pointers) where two canonical values differ, the first `max` of them, and how many. */
export function differences(a: Json, b: Json, max = 20): { count: number; places: string[] } {
  const places: string[] = [];
  let count = 0;
  const walk = (x: Json | undefined, y: Json | undefined, pointer: string) => {
    if (isObject(x) && isObject(y)) {
      for (const key of new Set([...Object.keys(x), ...Object.keys(y)]))
        walk(x[key], y[key], `${pointer}/${escapeKey(key)}`);
      return;
    }
    if (Array.isArray(x) && Array.isArray(y)) {
      for (let i = 0; i < Math.max(x.length, y.length); i++) walk(x[i], y[i], `${pointer}/${i}`);
      return;
    }
    if (JSON.stringify(x) === JSON.stringify(y)) return;
    count++;
    if (places.length < max) places.push(pointer);
  };
  walk(a, b, '');
  return { count, places };
}
