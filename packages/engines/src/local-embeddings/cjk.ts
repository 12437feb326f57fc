/**
 * Character features for Chinese and Japanese. Segmenters disagree on word boundaries there (and
 * writers abbreviate compounds), so single Han characters and character bigrams back the words up:
 * the classic approach of CJK search engines.
 */
import { fnvStep } from './hash.js';

/** CJK unified ideographs (main block, extension A, compatibility): single characters carry meaning. */
function isHan(code: number): boolean {
  return (
    (code >= 0x4e00 && code <= 0x9fff) ||
    (code >= 0x3400 && code <= 0x4dbf) ||
    (code >= 0xf900 && code <= 0xfaff)
  );
}

function isKatakana(code: number): boolean {
  return (code >= 0x30a1 && code <= 0x30fa) || code === 0x30fc;
}

function isHiragana(code: number): boolean {
  return code >= 0x3041 && code <= 0x309f;
}

/** A Japanese word written only in hiragana is almost always a particle, auxiliary or ending. */
export function isHiraganaWord(word: string): boolean {
  for (let i = 0; i < word.length; i++) {
    const code = word.charCodeAt(i);
    if (!isHiragana(code) && code !== 0x30fc) return false;
  }
  return true;
}

/** Hashes of a run's Han characters and of its Han-Han and katakana-katakana bigrams. */
export function addCjkCharacters(run: string, add: (hash: number) => void, seed: number): void {
  for (let i = 0; i < run.length; i++) {
    const code = run.charCodeAt(i);
    if (isHan(code)) add(fnvStep(seed, code));
    if (i + 1 === run.length) break;
    const next = run.charCodeAt(i + 1);
    // Hiragana is mostly grammar (particles, endings like ました), and a bigram across scripts
    // mostly straddles a word boundary.
    if ((isHan(code) && isHan(next)) || (isKatakana(code) && isKatakana(next))) {
      add(fnvStep(fnvStep(seed ^ 1, code), next));
    }
  }
}
