// PLACEHOLDER until the local embedding engine lands.
import type { EmbeddingEngine } from '../types.js';

export const LOCAL_EMBEDDING_DIMENSION = 384;

export function createLocalEmbeddingEngine(): EmbeddingEngine {
  return {
    async embed({ sentences }) {
      return sentences.map(() => {
        const vector = new Array<number>(LOCAL_EMBEDDING_DIMENSION).fill(0);
        vector[0] = 1;
        return vector;
      });
    },
  };
}
