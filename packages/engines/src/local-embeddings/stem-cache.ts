/**
 * Snowball stemmers cost a few microseconds a word, which alone would eat most of the engine's time
 * budget; real text repeats its words, so stems are memoised. The cache is bounded: when full it is
 * emptied and refilled, which keeps memory flat under adversarial input without LRU bookkeeping.
 */
const MAX_ENTRIES = 50_000;

export class StemCache {
  readonly #stems = new Map<string, string>();

  constructor(private readonly stemmer: (word: string) => string) {}

  stem(word: string): string {
    const known = this.#stems.get(word);
    if (known !== undefined) return known;
    const stem = this.stemmer(word);
    if (this.#stems.size >= MAX_ENTRIES) this.#stems.clear();
    this.#stems.set(word, stem);
    return stem;
  }
}
