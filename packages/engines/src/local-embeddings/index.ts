/**
 * The default, offline embedding engine: deterministic, multilingual, lexical. See README.md for
 * how a vector is built and what it can and cannot tell apart.
 */
import type { EmbeddingEngine, EmbeddingRequest, EngineCallOptions } from '../types.js';
import { FeatureBuffer } from './feature-buffer.js';
import { extractFeatures, FEATURE_KINDS } from './features.js';
import { normalizeText } from './normalize.js';
import { splitWords, Words } from './words.js';

/** The documented dimension of every vector this engine returns. */
export const LOCAL_EMBEDDING_DIMENSION = 384;
/** Six decimals keep cosine similarities exact to about 1e-5 and the JSON answer compact. */
const ROUNDING = 1e6;

/**
 * The zero vector as an array of doubles, copied for each vector: an array filled with the integer
 * 0 would be converted to doubles (a second copy) by the first component written into it.
 */
const ZEROS: number[] = new Array<number>(LOCAL_EMBEDDING_DIMENSION).fill(0.5).fill(0);

/** Embeds sentences one at a time, reusing its buffers; not shared across concurrent callers. */
export class LocalEmbedder {
  readonly #tokens = new Words();
  readonly #features = new FeatureBuffer(FEATURE_KINDS);
  readonly #vector = new Float64Array(LOCAL_EMBEDDING_DIMENSION);
  readonly #touched = new Uint16Array(LOCAL_EMBEDDING_DIMENSION);
  readonly #flags = new Uint8Array(LOCAL_EMBEDDING_DIMENSION);

  /** `lang` is an ISO 639-1 hint that picks the stemmer; `multi` lets the engine guess. */
  embed(sentence: string, lang = 'multi'): number[] {
    const text = normalizeText(sentence);
    extractFeatures(text, lang, splitWords(text, this.#tokens), this.#features);
    const vector = this.#vector;
    const touched = this.#touched;
    const count = this.#features.projectInto(vector, touched, this.#flags);
    let sumOfSquares = 0;
    for (let i = 0; i < count; i++) sumOfSquares += (vector[touched[i] as number] as number) ** 2;
    const out = ZEROS.slice();
    // Nothing to describe (empty or blank input): a fixed unit vector keeps the output L2-normalized.
    if (sumOfSquares === 0) out[0] = 1;
    const scale = ROUNDING / Math.sqrt(sumOfSquares || 1);
    for (let i = 0; i < count; i++) {
      const bucket = touched[i] as number;
      out[bucket] = Math.round((vector[bucket] as number) * scale) / ROUNDING;
      vector[bucket] = 0;
      this.#flags[bucket] = 0;
    }
    return out;
  }
}

/**
 * Milliseconds of embedding between yields to the event loop. Short sentences take microseconds,
 * but a request may carry 256 sentences of 8,192 Chinese characters (seconds of segmentation):
 * yielding keeps other requests served meanwhile and lets a disconnected client's request stop.
 */
const SLICE_MS = 10;

export function createLocalEmbeddingEngine(): EmbeddingEngine {
  const embedder = new LocalEmbedder();
  return {
    async embed({ sentences, lang }: EmbeddingRequest, { signal }: EngineCallOptions) {
      signal.throwIfAborted();
      const vectors: number[][] = [];
      let sliceStart = performance.now();
      for (const sentence of sentences) {
        // Safe to share one embedder across interleaved requests: no state survives a sentence.
        vectors.push(embedder.embed(sentence, lang));
        if (performance.now() - sliceStart >= SLICE_MS) {
          await new Promise((resolve) => setImmediate(resolve));
          signal.throwIfAborted();
          sliceStart = performance.now();
        }
      }
      return vectors;
    },
  };
}
