/**
 * The regular-expression engine of the Ajv validators that run on the main thread (the OpenAI adapter's
 * check of model output, and the generator's checks when it runs there), for `pattern` and
 * `patternProperties`. The patterns come from clients' schemas, so on the event loop they must never
 * backtrack without bound: re2js matches in linear time.
 * JavaScript syntax (`\u{…}`, named groups) is translated to RE2's first; a pattern RE2 cannot run
 * (lookahead, backreferences) throws, which makes the schema's compilation fail.
 */
import type { RegExpEngine, RegExpLike } from 'ajv/dist/types/index.js';
import { RE2JS } from 're2js';

function re2RegExp(pattern: string): RegExpLike {
  const compiled = RE2JS.compile(RE2JS.translateRegExp(pattern));
  const matcher = {
    // JSON Schema patterns are unanchored: a match anywhere in the string counts.
    test: (text: string) => compiled.matcher(text).find(),
    // Ajv keeps one matcher per distinct toString() in a validator: without this, every pattern of a
    // schema would be "[object Object]" and be checked with the first pattern's matcher.
    toString: () => `/${pattern}/u`,
  };
  return matcher;
}

/** Ajv's `code.regExp` option; `code` names it in standalone code, which is never generated here. */
export const linearRegExp: RegExpEngine = Object.assign(re2RegExp, { code: 're2js' });
