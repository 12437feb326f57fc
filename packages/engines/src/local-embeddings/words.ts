/**
 * Splits normalized text into words. Letters, marks and digits form words; everything else
 * separates them, so "l'homme" gives "l" and "homme" in every language the same way. Runs of scripts
 * written without spaces (Chinese, Japanese, Thai, Lao, Khmer, Burmese) go through
 * `Intl.Segmenter`, whose dictionaries find the word boundaries; it is only called for those runs
 * because it costs more than the whole rest of the engine on a short sentence.
 */

/** A word of a space-delimited script, or a Thai-like word from the segmenter. */
export const PLAIN_WORD = 0;
/** A word the segmenter found in Chinese or Japanese text. */
export const CJK_WORD = 1;

const WORD = /[\p{L}\p{M}\p{N}]+/gu;
const NEEDS_SEGMENTER =
  /[\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}\p{sc=Thai}\p{sc=Lao}\p{sc=Khmer}\p{sc=Myanmar}]/u;
const CJK = /[\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}]/u;
const CJK_RUN = /[\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}\u30fc]+/gu;
/** The root locale: word boundaries come from script dictionaries, not from the request's `lang`. */
const segmenter = new Intl.Segmenter('und', { granularity: 'word' });

/** Reused between calls: the engine splits one sentence at a time, synchronously. */
export class Words {
  words: string[] = [];
  kinds: number[] = [];
  count = 0;
  /** Contiguous Chinese/Japanese character runs, for the character n-gram features. */
  cjkRuns: string[] = [];

  reset(): void {
    this.count = 0;
    this.cjkRuns.length = 0;
  }

  push(word: string, kind: number): void {
    this.words[this.count] = word;
    this.kinds[this.count] = kind;
    this.count++;
  }
}

/** Segments the pending words of unspaced scripts in one segmenter call: each call has a fixed cost. */
function flushPending(pending: string[], into: Words): void {
  if (pending.length === 0) return;
  const text = pending.length === 1 ? (pending[0] as string) : pending.join(' ');
  pending.length = 0;
  for (const segment of segmenter.segment(text)) {
    if (!segment.isWordLike) continue;
    into.push(segment.segment, CJK.test(segment.segment) ? CJK_WORD : PLAIN_WORD);
  }
  CJK_RUN.lastIndex = 0;
  for (let run = CJK_RUN.exec(text); run !== null; run = CJK_RUN.exec(text)) into.cjkRuns.push(run[0]);
}

const pending: string[] = [];

/** Thai (U+0E00) is the first script that needs the segmenter: words below it skip the regex test. */
function needsSegmenter(word: string): boolean {
  for (let i = 0; i < word.length; i++) {
    if (word.charCodeAt(i) >= 0x0e00) return NEEDS_SEGMENTER.test(word);
  }
  return false;
}

export function splitWords(text: string, into: Words): Words {
  into.reset();
  WORD.lastIndex = 0;
  for (let match = WORD.exec(text); match !== null; match = WORD.exec(text)) {
    const word = match[0];
    if (needsSegmenter(word)) {
      pending.push(word);
      continue;
    }
    flushPending(pending, into);
    into.push(word, PLAIN_WORD);
  }
  flushPending(pending, into);
  return into;
}
