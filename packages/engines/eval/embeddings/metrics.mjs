/**
 * Rank metrics for the embedding evaluation, shared by the evaluation script and the regression
 * test so both report the same number. Ties get average ranks, which is what makes ROC-AUC equal
 * to the Mann-Whitney probability that a similar pair outscores an unrelated one.
 */

/** 1-based ranks of `values`, tied values sharing the average of their ranks. */
export function averageRanks(values) {
  const order = values.map((value, index) => ({ value, index })).sort((a, b) => a.value - b.value);
  const ranks = new Array(values.length);
  for (let start = 0; start < order.length; ) {
    let end = start + 1;
    while (end < order.length && order[end].value === order[start].value) end++;
    const rank = (start + 1 + end) / 2;
    for (let i = start; i < end; i++) ranks[order[i].index] = rank;
    start = end;
  }
  return ranks;
}

/** Area under the ROC curve of `scores` for the binary `positives` (true = similar). */
export function rocAuc(scores, positives) {
  const ranks = averageRanks(scores);
  let positiveCount = 0;
  let positiveRankSum = 0;
  for (let i = 0; i < scores.length; i++) {
    if (!positives[i]) continue;
    positiveCount++;
    positiveRankSum += ranks[i];
  }
  const negativeCount = scores.length - positiveCount;
  if (positiveCount === 0 || negativeCount === 0) throw new Error('ROC-AUC needs both classes');
  return (positiveRankSum - (positiveCount * (positiveCount + 1)) / 2) / (positiveCount * negativeCount);
}

/** Spearman's rank correlation: Pearson's correlation of the average ranks. */
export function spearman(xs, ys) {
  const rx = averageRanks(xs);
  const ry = averageRanks(ys);
  const mean = (rx.length + 1) / 2;
  let covariance = 0;
  let varianceX = 0;
  let varianceY = 0;
  for (let i = 0; i < rx.length; i++) {
    covariance += (rx[i] - mean) * (ry[i] - mean);
    varianceX += (rx[i] - mean) ** 2;
    varianceY += (ry[i] - mean) ** 2;
  }
  return covariance / Math.sqrt(varianceX * varianceY);
}

export function cosine(a, b) {
  let dot = 0;
  let normA = 0;
  let normB = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i] * b[i];
    normA += a[i] * a[i];
    normB += b[i] * b[i];
  }
  return normA === 0 || normB === 0 ? 0 : dot / Math.sqrt(normA * normB);
}
