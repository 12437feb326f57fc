/**
 * Reads the labelled pairs (pairs.tsv beside this file): language, label (`similar` or
 * `unrelated`), a grade from 0 (unrelated) through 1 (same topic, different meaning) and 2 (same
 * meaning, other words) to 3 (paraphrase sharing most words), and the two sentences.
 */
import { readFileSync } from 'node:fs';

export const EVAL_SET_URL = new URL('./pairs.tsv', import.meta.url);

export function readEvalSet(url = EVAL_SET_URL) {
  const [header, ...lines] = readFileSync(url, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '');
  if (header !== 'lang\tlabel\tgrade\ta\tb') throw new Error(`unexpected header: ${header}`);
  return lines.map((line, index) => {
    const [lang, label, grade, a, b, ...rest] = line.split('\t');
    if (rest.length > 0 || !a || !b || (label !== 'similar' && label !== 'unrelated')) {
      throw new Error(`pairs.tsv line ${index + 2} is malformed`);
    }
    return { lang, label, grade: Number(grade), a, b };
  });
}
