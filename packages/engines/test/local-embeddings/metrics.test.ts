import { describe, expect, it } from 'vitest';
import { averageRanks, rocAuc, spearman } from '../../eval/embeddings/metrics.mjs';

describe('evaluation metrics', () => {
  it('averages the ranks of ties', () => {
    expect(averageRanks([10, 20, 20, 5])).toEqual([2, 3.5, 3.5, 1]);
  });

  it('gives ROC-AUC 1 for a perfect ranking, 0 for an inverted one and 0.5 for all ties', () => {
    expect(rocAuc([0.9, 0.8, 0.2, 0.1], [true, true, false, false])).toBe(1);
    expect(rocAuc([0.1, 0.2, 0.8, 0.9], [true, true, false, false])).toBe(0);
    expect(rocAuc([0.5, 0.5, 0.5, 0.5], [true, false, true, false])).toBe(0.5);
    expect(rocAuc([0.9, 0.3, 0.5, 0.1], [true, true, false, false])).toBe(0.75);
  });

  it('gives Spearman 1 for any increasing relation and -1 for a decreasing one', () => {
    expect(spearman([1, 2, 3, 4], [10, 100, 1000, 10000])).toBeCloseTo(1, 12);
    expect(spearman([1, 2, 3, 4], [4, 3, 2, 1])).toBeCloseTo(-1, 12);
  });
});
