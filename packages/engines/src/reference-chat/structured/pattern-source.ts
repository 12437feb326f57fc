/**
 * randexp reads regex syntax without the `u` flag, so Unicode property escapes (`\p{L}`) and code
 * point escapes (`\u{1F600}`) are rewritten into forms it understands before generating. The
 * rewrite only narrows (letters become ASCII letters), and every generated string is still
 * checked against the original pattern.
 */
const PROPERTY_CLASSES: Record<string, string> = {
  L: 'a-zA-Z',
  Letter: 'a-zA-Z',
  Lu: 'A-Z',
  Uppercase_Letter: 'A-Z',
  Ll: 'a-z',
  Lowercase_Letter: 'a-z',
  N: '0-9',
  Nd: '0-9',
  Number: '0-9',
  P: '.,!?;:',
  Punctuation: '.,!?;:',
  Z: ' ',
  Zs: ' ',
};

function escapeForClass(char: string): string {
  return /[\]\\^-]/.test(char) ? `\\${char}` : char;
}

export function randexpSource(pattern: string): string {
  let out = '';
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i] as string;
    if (char === '\\') {
      const rest = pattern.slice(i);
      const property = /^\\p\{(?:[A-Za-z_]+=)?([A-Za-z_]+)\}/.exec(rest);
      const codePoint = /^\\u\{([0-9a-fA-F]+)\}/.exec(rest);
      if (property && PROPERTY_CLASSES[property[1] as string]) {
        const range = PROPERTY_CLASSES[property[1] as string] as string;
        out += inClass ? range : `[${range}]`;
        i += property[0].length - 1;
      } else if (codePoint) {
        const literal = String.fromCodePoint(Number.parseInt(codePoint[1] as string, 16));
        out += inClass ? escapeForClass(literal) : `(?:${literal})`;
        i += codePoint[0].length - 1;
      } else {
        out += rest.slice(0, 2);
        i += 1;
      }
      continue;
    }
    if (char === '[' && !inClass) inClass = true;
    else if (char === ']' && inClass) inClass = false;
    out += char;
  }
  return out;
}
