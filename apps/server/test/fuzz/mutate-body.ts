/**
 * Turns a valid body into a near miss the server must refuse cleanly: a field removed, a wrong type,
 * an extra field, a value out of range, or a non-object where an object is expected. The choice is
 * drawn by fast-check, so a failing case shrinks and replays from its seed.
 */
import fc from 'fast-check';

export type Mutation = 'remove' | 'wrong-type' | 'extra-field' | 'out-of-range' | 'non-object';
export const MUTATIONS: Mutation[] = ['remove', 'wrong-type', 'extra-field', 'out-of-range', 'non-object'];

const JUNK: unknown[] = [null, 0, -1, 1.5, true, 'x', '', [], {}, [null], { '': 1 }];
const TOO_LONG = [65, 201, 257, 2001, 8193, 32_001, 100_001];
const OUT_OF_RANGE_NUMBERS = [-1, 0, -3, 3, 1e300, 2.5, 2 ** 53 + 2, -(2 ** 53) - 2];

type Json = unknown;
interface Site {
  parent: Record<string, Json> | Json[] | null;
  key: string | number | null;
  value: Json;
}

/** Every node of a JSON value with its parent, the root first. */
function sites(root: Json): Site[] {
  const found: Site[] = [{ parent: null, key: null, value: root }];
  for (let i = 0; i < found.length; i++) {
    const { value } = found[i] as Site;
    if (Array.isArray(value))
      for (const [index, item] of value.entries()) found.push({ parent: value, key: index, value: item });
    else if (value && typeof value === 'object')
      for (const [key, item] of Object.entries(value))
        found.push({ parent: value as Record<string, Json>, key, value: item });
  }
  return found;
}

function replace(site: Site, root: Json, next: Json): Json {
  if (site.parent === null) return next;
  (site.parent as Record<string | number, Json>)[site.key as string | number] = next;
  return root;
}

function outOfRange(value: Json, pick: number): Json {
  if (typeof value === 'string') return 'x'.repeat(TOO_LONG[pick % TOO_LONG.length] as number);
  if (typeof value === 'number') return OUT_OF_RANGE_NUMBERS[pick % OUT_OF_RANGE_NUMBERS.length];
  if (Array.isArray(value)) return Array.from({ length: 300 }, () => value[0] ?? null);
  return JUNK[pick % JUNK.length];
}

/** Applies `mutation` to a copy of `body` at the node chosen by `pick`. */
export function mutate(body: Json, mutation: Mutation, pick: number): Json {
  const root = structuredClone(body);
  const all = sites(root);
  const objects = all.filter(
    (s) => s.value !== null && typeof s.value === 'object' && !Array.isArray(s.value),
  );
  const nonRoot = all.slice(1);
  switch (mutation) {
    case 'remove': {
      const site = nonRoot[pick % Math.max(nonRoot.length, 1)];
      if (!site) return JUNK[pick % JUNK.length];
      if (Array.isArray(site.parent)) site.parent.splice(site.key as number, 1);
      else delete (site.parent as Record<string, Json>)[site.key as string];
      return root;
    }
    case 'wrong-type': {
      const site = all[pick % all.length] as Site;
      const junk = JUNK.filter(
        (j) => typeof j !== typeof site.value || Array.isArray(j) !== Array.isArray(site.value),
      );
      return replace(site, root, junk[pick % junk.length]);
    }
    case 'extra-field': {
      const site = objects[pick % Math.max(objects.length, 1)];
      if (!site) return root;
      (site.value as Record<string, Json>).unexpectedField = pick;
      return root;
    }
    case 'out-of-range': {
      const site = all[pick % all.length] as Site;
      return replace(site, root, outOfRange(site.value, pick));
    }
    case 'non-object': {
      const site = objects[pick % Math.max(objects.length, 1)] ?? all[0]!;
      return replace(site, root, [null, 'x', 1, [], true][pick % 5]);
    }
  }
}

/** A mutation and the node it applies to. */
export const mutationArbitrary = fc.record({ mutation: fc.constantFrom(...MUTATIONS), pick: fc.nat() });
