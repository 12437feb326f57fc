/**
 * Token accounting with a real BPE tokenizer (gpt-tokenizer's o200k_base encoding). Cutting and
 * streaming both go through `decodeGenerator`, which holds back the bytes of a character split
 * across tokens, so a streamed answer concatenates to exactly the complete answer.
 *
 * The encoding's tables take about a quarter of a second to load, the largest part of the server's
 * start-up; they are loaded on the first chat request (`loadTokenizer`) so the server is ready sooner.
 */
type Encoding = typeof import('gpt-tokenizer/encoding/o200k_base');

/** The id of `<|endoftext|>` in o200k_base: the `matched_stop` of every answer that ends by itself. */
export const END_OF_SEQUENCE_TOKEN_ID = 199999;
export const END_OF_SEQUENCE_TOKEN = '<|endoftext|>';

let encoding: Encoding | undefined;
let loading: Promise<void> | undefined;

/** Loads the encoding once; every later call resolves at once. Await it before counting tokens. */
export function loadTokenizer(): Promise<void> {
  loading ??= import('gpt-tokenizer/encoding/o200k_base').then((module) => {
    encoding = module;
  });
  return loading;
}

function loaded(): Encoding {
  if (encoding === undefined) throw new Error('the tokenizer is used before loadTokenizer() resolved');
  return encoding;
}

// Text quoted from the user may contain `<|endoftext|>`; it is plain text here, never a control token.
const PLAIN_TEXT = { disallowedSpecial: new Set<string>() };

export function countTokens(text: string): number {
  return loaded().encode(text, PLAIN_TEXT).length;
}

export interface AnswerTokens {
  /** The text pieces, one per token (a piece may carry several tokens of one split character). */
  pieces: string[];
  /** True when the text was longer than the budget and was cut. */
  cut: boolean;
}

/** Splits `text` into token pieces, keeping at most `maxTokens` tokens. */
export function splitAnswer(text: string, maxTokens: number): AnswerTokens {
  const { encode, decodeGenerator } = loaded();
  const ids = encode(text, PLAIN_TEXT);
  const cut = ids.length > maxTokens;
  const pieces: string[] = [];
  for (const piece of decodeGenerator(cut ? ids.slice(0, maxTokens) : ids)) {
    if (piece.length > 0) pieces.push(piece);
  }
  return { pieces, cut };
}
