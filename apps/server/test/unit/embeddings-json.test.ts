import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatJsonNumber, stringifyEmbeddingsResponse } from '../../src/operations/embeddings-json.js';

const millionths = fc.integer({ min: -3_000_000, max: 3_000_000 }).map((n) => n / 1e6);

describe('the hand-written embeddings JSON', () => {
  it('writes every whole number of millionths exactly as JSON.stringify does', () => {
    fc.assert(
      fc.property(millionths, (value) => formatJsonNumber(value) === JSON.stringify(value)),
      {
        numRuns: 20_000,
      },
    );
  });

  it('falls back to JSON.stringify for any other double, including tiny, huge and non-finite ones', () => {
    fc.assert(
      fc.property(fc.double(), (value) => formatJsonNumber(value) === JSON.stringify(value)),
      {
        numRuns: 20_000,
      },
    );
    for (const value of [-0, 1e-7, 0.1 + 0.2, 2 ** 60, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(formatJsonNumber(value)).toBe(JSON.stringify(value));
    }
  });

  it('produces the same text as JSON.stringify for a whole envelope', () => {
    const envelope = (embeddings: number[][]) =>
      ({ success: true, message: 'Embeddings created successfully', data: { embeddings } }) as const;
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.oneof(millionths, fc.double({ noNaN: true })), { maxLength: 20 })),
        (vectors) => {
          const response = envelope(vectors);
          return stringifyEmbeddingsResponse(response).toString() === JSON.stringify(response);
        },
      ),
    );
    expect(stringifyEmbeddingsResponse(envelope([])).toString()).toBe(JSON.stringify(envelope([])));
    // Long fallback numbers overflow the size estimate: the buffer must grow, not truncate.
    const long = envelope([new Array(1000).fill(0.1 + 0.2), new Array(1000).fill(-Number.MIN_VALUE)]);
    expect(stringifyEmbeddingsResponse(long).toString()).toBe(JSON.stringify(long));
  });
});
