/**
 * Collects hashed features by kind, then projects them into the fixed-size vector: per feature a
 * sublinear term frequency (1 + ln tf), per kind an L2 normalization and a weight (so a long
 * sentence's many character n-grams cannot drown its few words), per feature a bucket and a sign
 * from the mixed hash (the sign makes collisions cancel out on average instead of piling up).
 */
import { mix } from './hash.js';

export interface FeatureKind {
  /** Seeds the kind's hashes so equal strings of different kinds are different features. */
  seed: number;
  weight: number;
}

const MAX_TF_TABLE = 256;
/** 1 + ln(tf) for small counts, computed once. */
const SUBLINEAR_TF = Float64Array.from({ length: MAX_TF_TABLE }, (_, tf) =>
  tf === 0 ? 0 : 1 + Math.log(tf),
);

function sublinear(tf: number): number {
  return tf < MAX_TF_TABLE ? (SUBLINEAR_TF[tf] as number) : 1 + Math.log(tf);
}

export class FeatureBuffer {
  readonly #hashes: Uint32Array[];
  readonly #counts: Int32Array;

  constructor(readonly kinds: readonly FeatureKind[]) {
    this.#hashes = kinds.map(() => new Uint32Array(64));
    this.#counts = new Int32Array(kinds.length);
  }

  reset(): void {
    this.#counts.fill(0);
  }

  add(kind: number, hash: number): void {
    const count = this.#counts[kind] as number;
    let hashes = this.#hashes[kind] as Uint32Array;
    if (count === hashes.length) {
      const grown = new Uint32Array(count * 2);
      grown.set(hashes);
      this.#hashes[kind] = grown;
      hashes = grown;
    }
    hashes[count] = hash;
    this.#counts[kind] = count + 1;
  }

  /**
   * Adds every kind's weighted, normalized features into `vector`, which must be all zeros, and
   * lists the buckets it touched in `touched` (flagging them in `flags`); returns how many. The
   * caller then reads and clears only those buckets instead of all of them.
   */
  projectInto(vector: Float64Array, touched: Uint16Array, flags: Uint8Array): number {
    const dimension = vector.length;
    let touchedCount = 0;
    for (let kind = 0; kind < this.kinds.length; kind++) {
      const count = this.#counts[kind] as number;
      if (count === 0) continue;
      // Sorting groups equal features together, which gives their term frequency without a map.
      const hashes = this.#hashes[kind] as Uint32Array;
      sortPrefix(hashes, count);
      let sumOfSquares = 0;
      for (let start = 0; start < count; ) {
        let end = start + 1;
        while (end < count && hashes[end] === hashes[start]) end++;
        const weight = sublinear(end - start);
        sumOfSquares += weight * weight;
        start = end;
      }
      const scale = (this.kinds[kind] as FeatureKind).weight / Math.sqrt(sumOfSquares);
      for (let start = 0; start < count; ) {
        const hash = hashes[start] as number;
        let end = start + 1;
        while (end < count && hashes[end] === hash) end++;
        const mixed = mix(hash);
        const bucket = (mixed >>> 8) % dimension;
        const signed = mixed & 1 ? -scale : scale;
        vector[bucket] = (vector[bucket] as number) + signed * sublinear(end - start);
        if (flags[bucket] === 0) {
          flags[bucket] = 1;
          touched[touchedCount++] = bucket;
        }
        start = end;
      }
    }
    return touchedCount;
  }
}

/** Sorts `array[0, count)` in place: insertion sort for the usual few dozen items, else native. */
function sortPrefix(array: Uint32Array, count: number): void {
  if (count > 48) {
    array.subarray(0, count).sort();
    return;
  }
  for (let i = 1; i < count; i++) {
    const value = array[i] as number;
    let j = i - 1;
    while (j >= 0 && (array[j] as number) > value) {
      array[j + 1] = array[j] as number;
      j--;
    }
    array[j + 1] = value;
  }
}
