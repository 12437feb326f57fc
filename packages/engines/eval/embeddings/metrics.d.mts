export function averageRanks(values: readonly number[]): number[];
export function rocAuc(scores: readonly number[], positives: readonly boolean[]): number;
export function spearman(xs: readonly number[], ys: readonly number[]): number;
export function cosine(a: readonly number[], b: readonly number[]): number;
