import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LOCAL_EMBEDDING_DIMENSION, LocalEmbedder } from '../../src/local-embeddings/index.js';

const embedder = new LocalEmbedder();

function norm(vector: number[]): number {
  return Math.sqrt(vector.reduce((sum, x) => sum + x * x, 0));
}

/** Text mixing scripts, marks, emoji, lone surrogates and control characters. */
const anyText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc.string({ unit: 'grapheme', maxLength: 60 }),
  fc
    .array(
      fc.constantFrom(
        'Café',
        'straße',
        'ＡＢＣ',
        '包裹',
        'ありがとう',
        'พัสดุ',
        'привет',
        '한국어',
        '👍',
        '?!',
        ' ',
        '\u0301',
      ),
    )
    .map((parts) => parts.join(' ')),
);

describe('local embeddings on arbitrary text', () => {
  it('always returns a finite unit vector of the documented dimension, the same every time', () => {
    fc.assert(
      fc.property(anyText, fc.constantFrom('multi', 'en', 'de', 'ja', 'xx'), (text, lang) => {
        const vector = embedder.embed(text, lang);
        expect(vector).toHaveLength(LOCAL_EMBEDDING_DIMENSION);
        expect(vector.every(Number.isFinite)).toBe(true);
        expect(Math.abs(norm(vector) - 1)).toBeLessThan(1e-4);
        expect(embedder.embed(text, lang)).toEqual(vector);
      }),
      { numRuns: 300 },
    );
  });

  it('does not care about surrounding whitespace or letter case', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme-ascii', maxLength: 80 }), (text) => {
        expect(embedder.embed(`  ${text.toUpperCase()}\n`)).toEqual(embedder.embed(text.toLowerCase()));
      }),
      { numRuns: 200 },
    );
  });
});
