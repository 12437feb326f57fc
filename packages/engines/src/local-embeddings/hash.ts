/**
 * FNV-1a over UTF-16 code units, plus murmur3's finaliser. FNV-1a is incremental, which lets the
 * feature extractor hash 3-, 4- and 5-grams that start at the same position in one pass; the
 * finaliser spreads its weak low bits before a feature is mapped to a bucket and a sign.
 */

const FNV_PRIME = 0x01000193;

/** One FNV-1a step: folds a UTF-16 code unit into the running hash. */
export function fnvStep(hash: number, codeUnit: number): number {
  return Math.imul(hash ^ codeUnit, FNV_PRIME) >>> 0;
}

/** Hashes `text[start, end)`, starting from `seed` so feature kinds never collide by construction. */
export function hashRange(text: string, start: number, end: number, seed: number): number {
  let hash = seed >>> 0;
  for (let i = start; i < end; i++) hash = Math.imul(hash ^ text.charCodeAt(i), FNV_PRIME) >>> 0;
  return hash;
}

export function hashString(text: string, seed: number): number {
  return hashRange(text, 0, text.length, seed);
}

/** Combines two feature hashes into one (an ordered pair: `a, b` differs from `b, a`). */
export function hashPair(first: number, second: number, seed: number): number {
  let hash = seed >>> 0;
  hash = Math.imul(hash ^ (first & 0xffff), FNV_PRIME);
  hash = Math.imul(hash ^ (first >>> 16), FNV_PRIME);
  hash = Math.imul(hash ^ (second & 0xffff), FNV_PRIME);
  hash = Math.imul(hash ^ (second >>> 16), FNV_PRIME);
  return hash >>> 0;
}

/** murmur3 fmix32: every input bit affects every output bit. */
export function mix(hash: number): number {
  let h = hash >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}
