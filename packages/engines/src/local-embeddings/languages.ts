/**
 * Snowball stemmers and stop-word lists for the languages whose words the engine can reduce to a
 * stem, and a cheap language guess for `lang: multi`: the language whose stop words occur most
 * often in the sentence (stop words are the most frequent words of a language, so even a short
 * sentence usually has a few). The stemmers and lists come from Orama's maintained packages.
 */
import { stemmer as dutchStemmer } from '@orama/stemmers/dutch';
import { stemmer as englishStemmer } from '@orama/stemmers/english';
import { stemmer as frenchStemmer } from '@orama/stemmers/french';
import { stemmer as germanStemmer } from '@orama/stemmers/german';
import { stemmer as italianStemmer } from '@orama/stemmers/italian';
import { stemmer as portugueseStemmer } from '@orama/stemmers/portuguese';
import { stemmer as russianStemmer } from '@orama/stemmers/russian';
import { stemmer as spanishStemmer } from '@orama/stemmers/spanish';
import { stopwords as dutchStopwords } from '@orama/stopwords/dutch';
import { stopwords as englishStopwords } from '@orama/stopwords/english';
import { stopwords as frenchStopwords } from '@orama/stopwords/french';
import { stopwords as germanStopwords } from '@orama/stopwords/german';
import { stopwords as italianStopwords } from '@orama/stopwords/italian';
import { stopwords as japaneseStopwords } from '@orama/stopwords/japanese';
import { stopwords as mandarinStopwords } from '@orama/stopwords/mandarin';
import { stopwords as portugueseStopwords } from '@orama/stopwords/portuguese';
import { stopwords as russianStopwords } from '@orama/stopwords/russian';
import { stopwords as spanishStopwords } from '@orama/stopwords/spanish';
import { normalizeText } from './normalize.js';
import { StemCache } from './stem-cache.js';

export interface Language {
  code: string;
  stopwords: ReadonlySet<string>;
  stem: (word: string) => string;
}

const SOURCES: ReadonlyArray<readonly [string, (word: string) => string, readonly string[]]> = [
  ['en', englishStemmer, englishStopwords],
  ['de', germanStemmer, germanStopwords],
  ['fr', frenchStemmer, frenchStopwords],
  ['es', spanishStemmer, spanishStopwords],
  ['it', italianStemmer, italianStopwords],
  ['pt', portugueseStemmer, portugueseStopwords],
  ['nl', dutchStemmer, dutchStopwords],
  ['ru', russianStemmer, russianStopwords],
];

/**
 * Only words of up to four letters from the Latin/Cyrillic lists count: the lists differ in breadth
 * (the Spanish one holds "tiempo", "trabajo", "horas"), and short entries are the function words
 * that are safe to discount in every language (this also scored best on the evaluation set).
 */
const MAX_STOPWORD_LENGTH = 4;

/** Lists are normalized like the text they are matched against (accents gone, apostrophes split). */
function normalizedSet(words: readonly string[], maxLength = Number.POSITIVE_INFINITY): Set<string> {
  const set = new Set<string>();
  for (const word of words) {
    for (const part of normalizeText(word).split(/[\s']+/))
      if (part && part.length <= maxLength) set.add(part);
  }
  return set;
}

export const LANGUAGES: readonly Language[] = SOURCES.map(([code, stemmer, stopwords]) => {
  const cache = new StemCache(stemmer);
  return {
    code,
    stopwords: normalizedSet(stopwords, MAX_STOPWORD_LENGTH),
    stem: (word: string) => cache.stem(word),
  };
});

const BY_CODE = new Map(LANGUAGES.map((language) => [language.code, language]));
const ENGLISH = BY_CODE.get('en') as Language;
const ASCII_WORD = /^[a-z]+$/;

/**
 * Stems a word of a sentence whose language is unknown (no stop word in it, as in keyword queries
 * like "cancelled orders"): English stemming for words of plain ASCII letters, which are mostly
 * English in such queries and which it rarely harms otherwise; other words stay as they are.
 */
export function stemUnknown(word: string): string {
  return ASCII_WORD.test(word) ? ENGLISH.stem(word) : word;
}

/** Stop words of Chinese and Japanese, matched against the words the segmenter finds in CJK runs. */
export const CJK_STOPWORDS: ReadonlySet<string> = normalizedSet([...mandarinStopwords, ...japaneseStopwords]);

/** For each stop word, a bit per language (index in LANGUAGES) whose list contains it. */
const STOPWORD_LANGUAGES = new Map<string, number>();
LANGUAGES.forEach((language, index) => {
  for (const word of language.stopwords)
    STOPWORD_LANGUAGES.set(word, (STOPWORD_LANGUAGES.get(word) ?? 0) | (1 << index));
});

const votes = new Int32Array(LANGUAGES.length);

/**
 * The language to stem with: the hinted one when the engine knows it, otherwise the one with the
 * most stop words among `words` (ties go to the earlier language), or none when no stop word occurs.
 */
export function chooseLanguage(hint: string, words: readonly string[], count: number): Language | undefined {
  const hinted = BY_CODE.get(hint);
  if (hinted) return hinted;
  votes.fill(0);
  for (let i = 0; i < count; i++) {
    const mask = STOPWORD_LANGUAGES.get(words[i] as string);
    if (mask === undefined) continue;
    for (let bit = 0; bit < LANGUAGES.length; bit++)
      if (mask & (1 << bit)) votes[bit] = (votes[bit] ?? 0) + 1;
  }
  let best = -1;
  let bestVotes = 0;
  for (let bit = 0; bit < LANGUAGES.length; bit++) {
    const v = votes[bit] ?? 0;
    if (v > bestVotes) {
      best = bit;
      bestVotes = v;
    }
  }
  return best < 0 ? undefined : LANGUAGES[best];
}
