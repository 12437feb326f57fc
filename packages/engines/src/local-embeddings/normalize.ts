/**
 * Light, language-independent text normalization applied before segmentation: compatibility forms
 * folded (NFKC: full-width letters, ligatures), lower case, and accents removed from Latin and Greek
 * letters so "café" and "cafe" meet. Marks of other scripts (Thai vowels, Devanagari signs, Cyrillic
 * "й", Japanese voicing) carry meaning and are kept.
 */

/** Anything but printable ASCII and the usual whitespace sends text down the full Unicode path. */
const NOT_PLAIN_ASCII = /[^ -~\t\n\r]/;
/**
 * Latin and Greek letters that may carry a diacritic (Latin-1 Supplement to Latin Extended-B,
 * combining marks, Greek, Latin and Greek Extended): text without any, such as Chinese, Thai or
 * Cyrillic, skips the decompose-strip-recompose round trip.
 */
function mayHaveDiacritics(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if ((code >= 0x00c0 && code <= 0x03ff) || (code >= 0x1e00 && code <= 0x1fff)) return true;
  }
  return false;
}
/** A Latin or Greek letter followed by combining diacritics (only present after NFD). */
const LATIN_DIACRITICS = /([\p{Script=Latin}\p{Script=Greek}])[\u0300-\u036f]+/gu;
/** Letters NFKC leaves alone that readers treat as two plain letters. */
const FOLDS: Readonly<Record<string, string>> = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', đ: 'd', ł: 'l', ı: 'i' };
const FOLDABLE = /[ßæœøđłı]/g;
/** Typographic apostrophes become ASCII ones so "l’homme" and "l'homme" split the same way. */
const APOSTROPHES = /[\u2018\u2019\u02bc\uff07]/g;

export function normalizeText(input: string): string {
  // Most traffic is plain ASCII: lower case is then the whole job, and the slow Unicode passes are skipped.
  if (!NOT_PLAIN_ASCII.test(input)) return input.toLowerCase();
  const lowered = input.normalize('NFKC').toLowerCase();
  const stripped = mayHaveDiacritics(lowered)
    ? lowered.normalize('NFD').replace(LATIN_DIACRITICS, '$1').normalize('NFC')
    : lowered;
  return stripped.replace(FOLDABLE, (letter) => FOLDS[letter] ?? letter).replace(APOSTROPHES, "'");
}
