#!/usr/bin/env node
/**
 * Prints the local embedding engine's quality on the labelled pairs: ROC-AUC of cosine similarity
 * for similar vs unrelated, and Spearman's correlation with the 0-3 grades, overall and per
 * language. Runs on the built engine: `pnpm --filter @assistant-platform/engines build` first.
 *
 *   node packages/engines/eval/embeddings/evaluate.mjs [--lang multi|xx]
 *
 * By default each pair is embedded with its language as the `lang` hint; `--lang multi` makes the
 * engine guess instead, as for a request without a hint.
 */
import { LocalEmbedder } from '../../dist/local-embeddings/index.js';
import { readEvalSet } from './eval-set.mjs';
import { cosine, rocAuc, spearman } from './metrics.mjs';

const langFlag = process.argv.indexOf('--lang');
const forcedLang = langFlag === -1 ? undefined : process.argv[langFlag + 1];

export function scorePairs(pairs, lang) {
  const embedder = new LocalEmbedder();
  return pairs.map((pair) => {
    const hint = lang ?? pair.lang;
    return cosine(embedder.embed(pair.a, hint), embedder.embed(pair.b, hint));
  });
}

function report(name, pairs, scores) {
  const auc = rocAuc(
    scores,
    pairs.map((pair) => pair.label === 'similar'),
  );
  const rho = spearman(
    scores,
    pairs.map((pair) => pair.grade),
  );
  console.log(
    `${name.padEnd(8)} pairs=${String(pairs.length).padStart(3)}  ROC-AUC=${auc.toFixed(3)}  Spearman=${rho.toFixed(3)}`,
  );
}

const pairs = readEvalSet();
const scores = scorePairs(pairs, forcedLang);
console.log(`local embeddings, lang hint: ${forcedLang ?? 'per pair'}`);
report('all', pairs, scores);
for (const lang of [...new Set(pairs.map((pair) => pair.lang))]) {
  const indexes = pairs.flatMap((pair, index) => (pair.lang === lang ? [index] : []));
  report(
    lang,
    indexes.map((i) => pairs[i]),
    indexes.map((i) => scores[i]),
  );
}
