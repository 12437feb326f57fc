/**
 * Sentences for the embeddings benchmarks: the evaluation set's sentences by language, and distinct
 * synthetic sentences in the style of each language, generated deterministically so every run
 * measures the same text.
 */
import { readEvalSet } from '../packages/engines/eval/embeddings/eval-set.mjs';
import { supportChat } from './bench-bodies.mjs';

/** Small deterministic PRNG (mulberry32). */
export function prng(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const UNSPACED = new Set(['zh', 'ja', 'th']);

/** Distinct sentences in the style of one language's evaluation sentences. */
export function synthesise(lang, sentences, count, random) {
  if (UNSPACED.has(lang)) {
    // Unspaced scripts: splice the start of one sentence to the end of another.
    return Array.from({ length: count }, () => {
      const head = sentences[Math.floor(random() * sentences.length)];
      const tail = sentences[Math.floor(random() * sentences.length)];
      return (
        head.slice(0, 2 + Math.floor(random() * head.length)) + tail.slice(Math.floor(random() * tail.length))
      );
    });
  }
  const words = [...new Set(sentences.flatMap((s) => s.split(/\s+/)))];
  return Array.from({ length: count }, () => {
    const length = 5 + Math.floor(random() * 8);
    return Array.from({ length }, () => words[Math.floor(random() * words.length)]).join(' ');
  });
}

/** The evaluation set's sentences, grouped by language. */
export function evalSentencesByLanguage() {
  const byLanguage = new Map();
  for (const pair of readEvalSet()) {
    byLanguage.set(pair.lang, [...(byLanguage.get(pair.lang) ?? []), pair.a, pair.b]);
  }
  return byLanguage;
}

/** `count` distinct sentences spread evenly over the evaluation set's languages. */
export function distinctSentences(count, seed) {
  const byLanguage = evalSentencesByLanguage();
  const random = prng(seed);
  const perLanguage = Math.ceil(count / byLanguage.size);
  return [...byLanguage].flatMap(([lang, sentences]) => synthesise(lang, sentences, perLanguage, random));
}

/**
 * Request bodies of `POST /v1/vectors/embedding`, `batch` distinct sentences each, 1,250 of them for
 * the default 16, in 7 languages: cycled through, no answer comes from a cache.
 */
export function embeddingPayloads(batch = 16) {
  const sentences = distinctSentences(20_000, 3);
  const payloads = [];
  for (let i = 0; i + batch <= sentences.length; i += batch)
    payloads.push(JSON.stringify({ sentences: sentences.slice(i, i + batch) }));
  return payloads;
}

/**
 * Request bodies of a plain `POST /v1/agents/chat/request`, `count` of them, each with a distinct
 * message from the same corpus: cycled through, no answer comes from a cache.
 */
export function chatPayloads(count = 1000) {
  return distinctSentences(20_000, 3)
    .slice(0, count)
    .map((text) => supportChat({ message: { role: 'user', content: [{ type: 'text', text }] } }));
}
