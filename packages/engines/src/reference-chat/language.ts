/**
 * A small language guesser: the script decides for most non-Latin languages, then stopword counts
 * pick among Latin-script ones. Good enough to label a message; not a general detector.
 */
export interface Language {
  /** ISO 639-1 code, or `und` when nothing could be told. */
  code: string;
  name: string;
}

const SCRIPTS: [RegExp, string, string][] = [
  [/[\u3040-\u30ff]/u, 'ja', 'Japanese'],
  [/\p{Script=Hangul}/u, 'ko', 'Korean'],
  [/\p{Script=Han}/u, 'zh', 'Chinese'],
  [/\p{Script=Thai}/u, 'th', 'Thai'],
  [/\p{Script=Arabic}/u, 'ar', 'Arabic'],
  [/\p{Script=Hebrew}/u, 'he', 'Hebrew'],
  [/\p{Script=Devanagari}/u, 'hi', 'Hindi'],
  [/\p{Script=Greek}/u, 'el', 'Greek'],
  [/\p{Script=Cyrillic}/u, 'ru', 'Russian'],
];

const STOPWORDS: [string, string, Set<string>][] = [
  [
    'en',
    'English',
    new Set('the and is are to of in it you my for on with this that what where how not'.split(' ')),
  ],
  [
    'fr',
    'French',
    new Set('le la les et est un une des du je vous mon ma pas pour dans que qui où avec'.split(' ')),
  ],
  [
    'de',
    'German',
    new Set('der die das und ist ein eine ich nicht mit mein meine wo ist sie zu den für'.split(' ')),
  ],
  [
    'es',
    'Spanish',
    new Set('el la los las y es un una de que mi no por para con dónde está qué en'.split(' ')),
  ],
  ['it', 'Italian', new Set('il la le e è un una di che mio mia non per con dove sono gli ho'.split(' '))],
  [
    'pt',
    'Portuguese',
    new Set('o a os as e é um uma de que meu minha não para com onde está em do da'.split(' ')),
  ],
  ['nl', 'Dutch', new Set('de het een en is ik niet mijn met waar van voor op dat zijn'.split(' '))],
];

export function detectLanguage(text: string): Language {
  for (const [pattern, code, name] of SCRIPTS) {
    if (pattern.test(text)) return { code, name };
  }
  const words = text.toLowerCase().match(/\p{L}+/gu) ?? [];
  let best: Language = { code: 'und', name: 'Undetermined' };
  let bestScore = 0;
  for (const [code, name, stopwords] of STOPWORDS) {
    const score = words.filter((word) => stopwords.has(word)).length;
    if (score > bestScore) {
      best = { code, name };
      bestScore = score;
    }
  }
  // Latin text without any known stopword is most often a short English phrase.
  return bestScore === 0 && words.length > 0 ? { code: 'en', name: 'English' } : best;
}
