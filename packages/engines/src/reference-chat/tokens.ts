/**
 * Token accounting with a real BPE tokenizer (gpt-tokenizer's o200k_base encoding). Cutting and
 * streaming both go through `decodeGenerator`, which holds back the bytes of a character split
 * across tokens, so a streamed answer concatenates to exactly the complete answer.
 *
 * The encoding's tables are the largest thing an engine loads: they are loaded (`loadTokenizer`, in
 * steps, see there) on the thread that plans answers, when an answer first needs them or once that
 * thread is idle (tokenizer-when-idle.ts). An answer that surely fits needs none (`fitsUncounted`).
 */
import type { GptEncoding } from 'gpt-tokenizer/GptEncoding';

type Encoding = ReturnType<typeof GptEncoding.getEncodingApi>;

/** The id of `<|endoftext|>` in o200k_base: the `matched_stop` of every answer that ends by itself. */
export const END_OF_SEQUENCE_TOKEN_ID = 199999;
export const END_OF_SEQUENCE_TOKEN = '<|endoftext|>';

let encoding: Encoding | undefined;
let loading: Promise<void> | undefined;

/** A turn of the event loop: requests that arrived meanwhile are answered before the next step. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Loads the encoding once; every later call resolves at once. Await it before counting tokens.
 *
 * What `gpt-tokenizer/encoding/o200k_base` does in one module's evaluation, in three steps with a
 * turn of the event loop between them: the ranks' module (compiling and running a table of 200,000
 * strings), the encoding's class, and indexing the ranks. A server loads it while it already
 * answers, so one step at a time is the longest a request waits behind it.
 */
export function loadTokenizer(): Promise<void> {
  loading ??= (async () => {
    const { default: ranks } = await import('gpt-tokenizer/bpeRanks/o200k_base');
    await nextTurn();
    const { GptEncoding } = await import('gpt-tokenizer/GptEncoding');
    await nextTurn();
    encoding = GptEncoding.getEncodingApi('o200k_base', () => ranks);
  })();
  return loading;
}

function loaded(): Encoding {
  if (encoding === undefined) throw new Error('the tokenizer is used before loadTokenizer() resolved');
  return encoding;
}

/** A UTF-16 surrogate: the only text whose tokens may not read back as it was (a lone one). */
const SURROGATE = /[\uD800-\uDFFF]/;

// Text quoted from the user may contain `<|endoftext|>`; it is plain text here, never a control token.
const PLAIN_TEXT = { disallowedSpecial: new Set<string>() };

/**
 * Whether `text` takes at most `maxTokens` tokens, known without counting them: a token stands for
 * at least one byte of UTF-8, and a UTF-16 unit takes at most three (a lone surrogate too, as the
 * replacement character). False says nothing: count them.
 */
export function surelyFits(text: string, maxTokens: number): boolean {
  return text.length * 3 <= maxTokens;
}

/**
 * Whether `text` is its own whole answer within `maxTokens`, known without the tokenizer: it surely
 * fits, and has no surrogate (text without one reads back from its tokens as it is). Most answers
 * are a few hundred characters against a budget of thousands of tokens, so they are neither
 * counted nor wait for the tokenizer to load.
 */
export function fitsUncounted(text: string, maxTokens: number): boolean {
  return surelyFits(text, maxTokens) && !SURROGATE.test(text);
}

export function countTokens(text: string): number {
  return loaded().encode(text, PLAIN_TEXT).length;
}

export interface AnswerTokens {
  /** The text pieces, one per token (a piece may carry several tokens of one split character). */
  pieces: string[];
  /** True when the text was longer than the budget and was cut. */
  cut: boolean;
}

/** Splits `text` into token pieces, keeping at most `maxTokens` tokens: what a stream sends. */
export function splitAnswer(text: string, maxTokens: number): AnswerTokens {
  const ids = loaded().encode(text, PLAIN_TEXT);
  return { pieces: piecesOf(ids, maxTokens), cut: ids.length > maxTokens };
}

/**
 * `text` as an answer sent whole, cut to at most `maxTokens` tokens: the same text as the pieces
 * of `splitAnswer` joined. Uncut, it is the tokens decoded at once (text the tokenizer cannot hold,
 * such as a lone surrogate, reads back as the pieces do); cut, the pieces' text, which never ends in
 * half a character.
 */
export function wholeAnswer(text: string, maxTokens: number): { text: string; cut: boolean } {
  if (fitsUncounted(text, maxTokens)) return { text, cut: false };
  const { encode, decode } = loaded();
  const ids = encode(text, PLAIN_TEXT);
  // Text without surrogates reads back from its tokens as it is.
  if (ids.length <= maxTokens) return { text: SURROGATE.test(text) ? decode(ids) : text, cut: false };
  return { text: piecesOf(ids, maxTokens).join(''), cut: true };
}

/**
 * The text of each of the first `count` tokens of `ids` (all of a text's tokens): `decodeGenerator`
 * holds back the bytes of a character split across tokens until it is whole, and drops one the cut
 * leaves unfinished.
 *
 * The tokenizer decodes through one UTF-8 decoder shared by the whole thread, in streaming mode,
 * so the bytes of that unfinished character stay in it and came out at the start of the next text
 * decoded in this thread, another request's (a replacement character in another account's answer).
 * So after a cut the rest of the tokens are decoded too, and dropped: a text's tokens end on a
 * whole character, which leaves the decoder empty.
 */
function piecesOf(ids: readonly number[], count: number): string[] {
  const { decode, decodeGenerator } = loaded();
  const cut = ids.length > count;
  const pieces: string[] = [];
  for (const piece of decodeGenerator(cut ? ids.slice(0, count) : ids)) {
    if (piece.length > 0) pieces.push(piece);
  }
  if (cut) decode(ids.slice(count));
  return pieces;
}
