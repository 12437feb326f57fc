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

/** Writes `pair` (0-99) as two digits at `at`; returns where they end. */
function writePair(bytes: Buffer, at: number, pair: number): number {
  const tens = Math.floor(pair / 10);
  bytes[at] = ZERO + tens;
  bytes[at + 1] = ZERO + pair - tens * 10;
  return at + 2;
}

export class VectorJsonWriter {
  readonly #bytes: Buffer;
  #length = 1;

  /** Room for `vectors` vectors of `dimension` components. */
  constructor(vectors: number, dimension: number) {
    this.#bytes = Buffer.allocUnsafe(2 + vectors * (2 + dimension * MAX_COMPONENT_BYTES));
    this.#bytes[0] = 0x5b; // [
  }

  /** Appends one vector: `millionths[i]` for every i below its length (zeros included). */
  write(millionths: Int32Array): void {
    const bytes = this.#bytes;
    let at = this.#length;
    if (at > 1) bytes[at++] = COMMA;
    bytes[at++] = 0x5b;
    for (let i = 0; i < millionths.length; i++) {
      if (i > 0) bytes[at++] = COMMA;
      let k = millionths[i] as number;
      if (k === 0) {
        bytes[at++] = ZERO;
        continue;
      }
      if (k < 0) {
        bytes[at++] = 0x2d; // -
        k = -k;
      }
      const whole = Math.floor(k / MILLIONTHS);
      bytes[at++] = ZERO + whole;
      k -= whole * MILLIONTHS;
      if (k === 0) continue;
      bytes[at++] = 0x2e; // .
      // All six decimals, two at a time, then the trailing zeros taken back (there is a nonzero one).
      const high = Math.floor(k / 10_000);
      const low = k - high * 10_000;
      const middle = Math.floor(low / 100);
      at = writePair(bytes, at, high);
      at = writePair(bytes, at, middle);
      at = writePair(bytes, at, low - middle * 100);
      while (bytes[at - 1] === ZERO) at--;
    }
    bytes[at++] = 0x5d; // ]
    this.#length = at;
  }

  /** The text so far, closed. */
  text(): string {
    this.#bytes[this.#length] = 0x5d;
    return this.#bytes.toString('latin1', 0, this.#length + 1);
  }
}
