#!/usr/bin/env node
/**
 * Throughput of the local embedding engine in-process, on one core (the engine is synchronous).
 * Build first: `pnpm --filter @assistant-platform/engines build`, then `node bench/embeddings-local.mjs`.
 *
 * Corpora: the evaluation set's 504 sentences (7 languages, three of them segmented by
 * Intl.Segmenter), 20,000 distinct English sentences, and 20,000 distinct sentences spread evenly
 * over the 7 languages (each in one language, as real requests are), all in batches of 16 through
 * the engine's public `embed`.
 * Goal: at least 20,000 sentences per second.
 */
import { createLocalEmbeddingEngine } from '../packages/engines/dist/local-embeddings/index.js';
import { distinctSentences, evalSentencesByLanguage, prng, synthesise } from './embeddings-corpus.mjs';

const GOAL = 20_000;
const BATCH = 16;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);

/**
 * Runs ROUNDS rounds of about a second each. The machine may be shared, so besides the median
 * wall-clock rate it prints the best round and the rate per CPU-second of this process (which
 * includes the garbage collector's helper threads, so it understates single-core speed slightly).
 */
async function measure(name, sentences) {
  const engine = createLocalEmbeddingEngine();
  const options = { signal: new AbortController().signal, requestId: 'bench' };
  const batches = [];
  for (let i = 0; i < sentences.length; i += BATCH) batches.push(sentences.slice(i, i + BATCH));
  const embedAll = async () => {
    for (const batch of batches)
      await engine.embed({ model: 'bench', lang: 'multi', sentences: batch }, options);
  };
  await embedAll();
  const wallRates = [];
  let embedded = 0;
  let cpuSeconds = 0;
  for (let round = 0; round < ROUNDS; round++) {
    let count = 0;
    const cpuBefore = process.cpuUsage();
    const started = process.hrtime.bigint();
    let elapsed = 0;
    while (elapsed < 1) {
      await embedAll();
      count += sentences.length;
      elapsed = Number(process.hrtime.bigint() - started) / 1e9;
    }
    const cpu = process.cpuUsage(cpuBefore);
    cpuSeconds += (cpu.user + cpu.system) / 1e6;
    embedded += count;
    wallRates.push(count / elapsed);
  }
  wallRates.sort((a, b) => a - b);
  const median = wallRates[Math.floor(ROUNDS / 2)];
  const best = wallRates[ROUNDS - 1];
  const perCpu = embedded / cpuSeconds;
  const chars = sentences.reduce((sum, s) => sum + s.length, 0) / sentences.length;
  const fmt = (rate) => Math.round(rate).toLocaleString('en-US').padStart(8);
  console.log(
    `${name.padEnd(24)} median ${fmt(median)}/s  best ${fmt(best)}/s  per CPU-second ${fmt(perCpu)}  (${sentences.length} sentences, avg ${chars.toFixed(0)} chars)`,
  );
  return perCpu;
}

const byLanguage = evalSentencesByLanguage();
const english = synthesise('en', byLanguage.get('en'), 20_000, prng(1));
const everyLanguage = distinctSentences(20_000, 2);
const rates = [
  await measure('eval set (7 languages)', [...byLanguage.values()].flat()),
  await measure('distinct English', english),
  await measure('distinct, 7 languages', everyLanguage),
];
const verdict = rates.every((rate) => rate >= GOAL) ? 'meets' : 'MISSES';
console.log(
  `per CPU-second, every corpus ${verdict} the goal of ${GOAL.toLocaleString('en-US')} sentences/s`,
);
process.exitCode = verdict === 'meets' ? 0 : 1;
