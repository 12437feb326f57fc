/** Reads an upstream `/embeddings` answer into vectors in input order, L2-normalized. */
import { malformedAnswer, type UpstreamContext } from './upstream-errors.js';

/** `data[i].index` says which input a vector belongs to; servers need not keep input order. */
export function readEmbeddings(json: unknown, count: number, context: UpstreamContext): number[][] {
  const data = (json as { data?: unknown } | null)?.data;
  if (!Array.isArray(data) || data.length !== count) {
    throw malformedAnswer(`expected ${count} embeddings in data[]`, context);
  }
  const vectors: number[][] = new Array(count);
  data.forEach((item: { index?: unknown; embedding?: unknown } | null, position) => {
    // A server that omits `index` is taken at its word that it kept the input order.
    const index = item?.index ?? position;
    const embedding = item?.embedding;
    if (
      !Number.isInteger(index) ||
      (index as number) < 0 ||
      (index as number) >= count ||
      vectors[index as number]
    ) {
      throw malformedAnswer(`bad or repeated embedding index ${String(index)}`, context);
    }
    if (!Array.isArray(embedding) || embedding.length === 0 || !embedding.every(Number.isFinite)) {
      throw malformedAnswer(`embedding ${String(index)} is not an array of numbers`, context);
    }
    vectors[index as number] = normalize(embedding as number[]);
  });
  return vectors;
}

/** Every vector of one answer must have the same length, across batches too. */
export function checkDimensions(vectors: number[][], context: UpstreamContext): number[][] {
  const dimension = vectors[0]?.length;
  if (vectors.some((vector) => vector.length !== dimension)) {
    throw malformedAnswer('embeddings of different dimensions', context);
  }
  return vectors;
}

function normalize(vector: number[]): number[] {
  let sum = 0;
  for (const value of vector) sum += value * value;
  const norm = Math.sqrt(sum);
  // A zero vector has no direction to keep; leave it as the upstream sent it.
  return norm === 0 ? vector : vector.map((value) => value / norm);
}
