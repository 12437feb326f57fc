/**
 * The JSON text of a list of vectors whose components are whole millionths, written as bytes.
 * `JSON.stringify` formats every double with the general shortest-round-trip algorithm, which is
 * most of an embeddings answer's cost; a component here is an integer k standing for k / 1e6, and
 * the decimal digits of k with trailing zeros dropped are exactly the text JavaScript gives the
 * double k / 1e6 for every |k| ≤ 1e6 (the quotient is the double nearest that decimal, and no
 * shorter decimal is as near), so the answer is byte for byte what `JSON.stringify` would make.
 */

/** A component's scale: components are rounded to six decimals. */
export const MILLIONTHS = 1e6;
const COMMA = 0x2c;
const ZERO = 0x30;
/** The longest component is `-0.123456` (9 bytes), and each is followed by a comma or `]`. */
const MAX_COMPONENT_BYTES = 10;

/**
 * Buffers of finished writers, taken again by the next ones: allocating a new one (64 KB for 16
 * sentences) cost as much as a fifth of writing the vectors. Writers of one thread may be open at
 * once (an engine yields between sentences), so each takes a buffer of its own; a few are kept, and
 * none over MAX_SPARE_BYTES (a request of hundreds of sentences), which bounds what stays allocated.
 */
const spare: Buffer[] = [];
const MAX_SPARE = 4;
const MIN_BUFFER_BYTES = 64 * 1024;
const MAX_SPARE_BYTES = 1024 * 1024;

function takeBuffer(bytes: number): Buffer {
  for (let i = spare.length - 1; i >= 0; i--) {
    const buffer = spare[i] as Buffer;
    if (buffer.length >= bytes) {
      spare.splice(i, 1);
      return buffer;
    }
  }
  return Buffer.allocUnsafe(Math.max(bytes, MIN_BUFFER_BYTES));
}

function giveBack(buffer: Buffer): void {
  if (spare.length < MAX_SPARE && buffer.length <= MAX_SPARE_BYTES) spare.push(buffer);
}

export class VectorJsonWriter {
  readonly #bytes: Buffer;
  #length = 1;
  #text: string | undefined;

  /** Room for `vectors` vectors of `dimension` components. */
  constructor(vectors: number, dimension: number) {
    this.#bytes = takeBuffer(2 + vectors * (2 + dimension * MAX_COMPONENT_BYTES));
    this.#bytes[0] = 0x5b; // [
  }

  /** Appends one vector: `millionths[i]` for every i below its length (zeros included). */
  write(millionths: Int32Array): void {
    // Its buffer may be another writer's by now.
    if (this.#text !== undefined) throw new Error('a vector written after the text was taken');
    const bytes = this.#bytes;
    let at = this.#length;
    if (at > 1) bytes[at++] = COMMA;
    bytes[at++] = 0x5b; // [
    // Each component is followed by a comma; the last one's becomes the closing bracket.
    for (let i = 0; i < millionths.length; i++) {
      let k = millionths[i] as number;
      if (k === 0) {
        bytes[at] = ZERO;
        bytes[at + 1] = COMMA;
        at += 2;
        continue;
      }
      if (k < 0) {
        bytes[at++] = 0x2d; // -
        k = -k;
      }
      if (k >= MILLIONTHS) {
        // |k| ≤ 1e6: the component is ±1 exactly.
        bytes[at] = ZERO + 1;
        bytes[at + 1] = COMMA;
        at += 2;
        continue;
      }
      bytes[at] = ZERO;
      bytes[at + 1] = 0x2e; // .
      // All six decimals (integer arithmetic), then the trailing zeros taken back (one is not zero).
      const d1 = (k / 100_000) | 0;
      k -= d1 * 100_000;
      const d2 = (k / 10_000) | 0;
      k -= d2 * 10_000;
      const d3 = (k / 1000) | 0;
      k -= d3 * 1000;
      const d4 = (k / 100) | 0;
      k -= d4 * 100;
      const d5 = (k / 10) | 0;
      bytes[at + 2] = ZERO + d1;
      bytes[at + 3] = ZERO + d2;
      bytes[at + 4] = ZERO + d3;
      bytes[at + 5] = ZERO + d4;
      bytes[at + 6] = ZERO + d5;
      bytes[at + 7] = ZERO + k - d5 * 10;
      at += 8;
      while (bytes[at - 1] === ZERO) at--;
      bytes[at++] = COMMA;
    }
    // An empty vector has no comma to turn into its bracket.
    if (millionths.length === 0) bytes[at++] = 0x5d;
    else bytes[at - 1] = 0x5d; // ]
    this.#length = at;
  }

  /** The text, closed; this ends the writer, whose buffer goes back for the next one. */
  text(): string {
    if (this.#text === undefined) {
      this.#bytes[this.#length] = 0x5d;
      this.#text = this.#bytes.toString('latin1', 0, this.#length + 1);
      giveBack(this.#bytes);
    }
    return this.#text;
  }
}
