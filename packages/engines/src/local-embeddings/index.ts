/**
 * The default, offline embedding engine: deterministic, multilingual, lexical. See README.md for
 * how a vector is built and what it can and cannot tell apart.
 */
import type { EmbeddingEngine, EmbeddingRequest, EngineCallOptions } from '../types.js';
import { FeatureBuffer } from './feature-buffer.js';
import { extractFeatures, FEATURE_KINDS } from './features.js';
import { normalizeText } from './normalize.js';
import { MILLIONTHS, VectorJsonWriter } from './vector-json.js';
import { splitWords, Words } from './words.js';

/** The documented dimension of every vector this engine returns. */
export const LOCAL_EMBEDDING_DIMENSION = 384;
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
  /**
   * The last sentence's components in millionths (six decimals keep cosine similarities exact to
   * about 1e-5 and the JSON answer compact): zero but at its touched buckets.
   */
  readonly #millionths = new Int32Array(LOCAL_EMBEDDING_DIMENSION);

  /** `lang` is an ISO 639-1 hint that picks the stemmer; `multi` lets the engine guess. */
  embed(sentence: string, lang = 'multi'): number[] {
    const count = this.#project(sentence, lang);
    const out = ZEROS.slice();
    for (let i = 0; i < count; i++) {
      const bucket = this.#touched[i] as number;
      out[bucket] = (this.#millionths[bucket] as number) / MILLIONTHS;
      this.#millionths[bucket] = 0;
    }
    return out;
  }

  /** The same vector as `embed`'s, appended to `into` as JSON. */
  embedInto(into: VectorJsonWriter, sentence: string, lang = 'multi'): void {
    const count = this.#project(sentence, lang);
    into.write(this.#millionths);
    for (let i = 0; i < count; i++) this.#millionths[this.#touched[i] as number] = 0;
  }

  /** Fills #millionths at the first `count` (returned) buckets of #touched, L2-normalized. */
  #project(sentence: string, lang: string): number {
    const text = normalizeText(sentence);
    extractFeatures(text, lang, splitWords(text, this.#tokens), this.#features);
    const vector = this.#vector;
    const touched = this.#touched;
    const count = this.#features.projectInto(vector, touched, this.#flags);
    let sumOfSquares = 0;
    for (let i = 0; i < count; i++) sumOfSquares += (vector[touched[i] as number] as number) ** 2;
    const scale = MILLIONTHS / Math.sqrt(sumOfSquares || 1);
    for (let i = 0; i < count; i++) {
      const bucket = touched[i] as number;
      this.#millionths[bucket] = Math.round((vector[bucket] as number) * scale);
      vector[bucket] = 0;
      this.#flags[bucket] = 0;
    }
    if (sumOfSquares !== 0) return count;
    // Nothing to describe (empty or blank input): a fixed unit vector keeps the output L2-normalized.
    this.#millionths[0] = MILLIONTHS;
    touched[count] = 0;
    return count + 1;
  }
}

/**
 * Milliseconds of embedding between yields to the event loop. Short sentences take microseconds,
 * but a request may carry 256 sentences of 8,192 Chinese characters (seconds of segmentation):
 * yielding keeps other requests served meanwhile and lets a disconnected client's request stop.
 */
const SLICE_MS = 10;

/** The local engine always has `embedJson`: its vectors are written as JSON as they are made. */
export type LocalEmbeddingEngine = EmbeddingEngine & Required<Pick<EmbeddingEngine, 'embedJson'>>;

export function createLocalEmbeddingEngine(): LocalEmbeddingEngine {
  const embedder = new LocalEmbedder();
  /** Calls `each` for every sentence, yielding between slices (safe to interleave: no state outlives one). */
  async function forEachSentence(sentences: string[], signal: AbortSignal, each: (sentence: string) => void) {
    signal.throwIfAborted();
    let sliceStart = performance.now();
    for (const sentence of sentences) {
      each(sentence);
      if (performance.now() - sliceStart >= SLICE_MS) {
        await new Promise((resolve) => setImmediate(resolve));
        signal.throwIfAborted();
        sliceStart = performance.now();
      }
    }
  }
  return {
    async embed({ sentences, lang }: EmbeddingRequest, { signal }: EngineCallOptions) {
      const vectors: number[][] = [];
      await forEachSentence(sentences, signal, (sentence) => vectors.push(embedder.embed(sentence, lang)));
      return vectors;
    },
    async embedJson({ sentences, lang }: EmbeddingRequest, { signal }: EngineCallOptions) {
      const json = new VectorJsonWriter(sentences.length, LOCAL_EMBEDDING_DIMENSION);
      await forEachSentence(sentences, signal, (sentence) => embedder.embedInto(json, sentence, lang));
      return json.text();
    },
  };
}
