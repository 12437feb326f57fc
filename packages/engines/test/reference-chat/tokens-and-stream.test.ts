import { decode, EndOfText, encode } from 'gpt-tokenizer/encoding/o200k_base';
import { describe, expect, test } from 'vitest';
import { END_OF_SEQUENCE_TOKEN, END_OF_SEQUENCE_TOKEN_ID } from '../../src/reference-chat/index.js';
import {
  countTokens,
  loadTokenizer,
  splitAnswer,
  surelyFits,
  wholeAnswer,
} from '../../src/reference-chat/tokens.js';
import type { ChatStreamEvent } from '../../src/types.js';
import { callOptions, collect, engine, request, withSchema } from './helpers.js';

const deltas = (events: ChatStreamEvent[]) =>
  events.flatMap((event) => (event.type === 'delta' ? [event.content] : []));
const plain = { disallowedSpecial: new Set<string>() };

describe('token accounting', () => {
  test('the tokenizer loaded in steps counts and splits as gpt-tokenizer’s own o200k_base does', async () => {
    await loadTokenizer();
    const texts = [
      'Where is my order #4471? It was due on Tuesday.',
      'ありがとう 🎉 merci à vous, ¿dónde está? Привет! 你好，世界',
      '  \n\n\tindented\r\n{"json": [1, 2.5e-3, null]}',
      `quoting ${EndOfText} as text, and a lone surrogate \ud83d here`,
      'x'.repeat(3000),
    ];
    for (const text of texts) {
      const ids = encode(text, plain);
      expect(countTokens(text)).toBe(ids.length);
      expect(splitAnswer(text, ids.length).pieces.join('')).toBe(decode(ids));
      expect(wholeAnswer(text, ids.length)).toEqual({ text: decode(ids), cut: false });
      expect(wholeAnswer(text, text.length * 3)).toEqual({ text: decode(ids), cut: false });
      expect(surelyFits(text, ids.length - 1)).toBe(false);
    }
  });

  test('an answer that ends by itself stops on the documented end-of-sequence token', async () => {
    const answer = await engine.complete(request(), callOptions());
    expect(answer.finishReason).toBe('stop');
    expect(answer.matchedStop).toBe(END_OF_SEQUENCE_TOKEN_ID);
    expect(decode([END_OF_SEQUENCE_TOKEN_ID])).toBe(END_OF_SEQUENCE_TOKEN);
    expect(END_OF_SEQUENCE_TOKEN).toBe(EndOfText);
  });

  test('max_tokens cuts the answer at exactly that many tokens, with length and -1', async () => {
    const full = await engine.complete(request({ reasoning: { effort: 'high' } }), callOptions());
    const cut = await engine.complete(
      request({ reasoning: { effort: 'high' }, max_tokens: 10 }),
      callOptions(),
    );
    expect(cut.finishReason).toBe('length');
    expect(cut.matchedStop).toBe(-1);
    expect(encode(cut.content, plain)).toHaveLength(10);
    expect(full.content.startsWith(cut.content)).toBe(true);
  });

  test('an answer of exactly max_tokens tokens is not cut', async () => {
    const full = await engine.complete(request(), callOptions());
    const exact = await engine.complete(
      request({ max_tokens: encode(full.content, plain).length }),
      callOptions(),
    );
    expect(exact).toEqual(full);
  });

  test('a cut never leaves half a character, and streaming agrees with the cut', async () => {
    const text = '包裹在哪里？🎉🎉 Où est mon colis ?';
    for (let max = 1; max <= 12; max++) {
      const req = request({ max_tokens: max, reasoning: { effort: 'minimal' } }, text);
      const answer = await engine.complete(req, callOptions());
      expect(answer.content).not.toContain('\uFFFD');
      expect(deltas(await collect(await engine.stream(req, callOptions()))).join('')).toBe(answer.content);
    }
  });

  // The tokenizer decodes through one shared decoder, which keeps the bytes of a character a cut
  // leaves unfinished: the next answer decoded in this thread (another account's, as likely as not)
  // began with a replacement character or a wrong one.
  test('a cut in the middle of a character leaves the next answers as they were', async () => {
    // At the low effort the answer quotes the message, which a cut then crosses.
    const text = '包裹在哪里？🎉🎉 Où est mon colis ?';
    const next = request({ reasoning: { effort: 'low' } }, 'ありがとう 🎉 merci à vous');
    const whole = await engine.complete(next, callOptions());
    const streamed = deltas(await collect(await engine.stream(next, callOptions())));
    for (let max = 8; max <= 30; max++) {
      const cut = request({ max_tokens: max, reasoning: { effort: 'low' } }, text);
      await engine.complete(cut, callOptions());
      expect(await engine.complete(next, callOptions())).toEqual(whole);
      await collect(await engine.stream(cut, callOptions()));
      expect(deltas(await collect(await engine.stream(next, callOptions())))).toEqual(streamed);
    }
  });

  test('text that looks like a control token is answered as plain text', async () => {
    const answer = await engine.complete(request({}, 'What does <|endoftext|> mean?'), callOptions());
    expect(answer.content).toContain('<|endoftext|>');
    expect(answer.finishReason).toBe('stop');
  });
});

describe('an answer sent whole', () => {
  // A whole answer is decoded at once, a stream piece by piece: both must read the same text, cut
  // or not, whatever the text holds (a lone surrogate is what a cut of the user's text can leave).
  test.each([
    ['plain text', 'Where is my parcel? It was due on Monday.'],
    ['several scripts and emoji', '包裹在哪里？🎉🎉 Où est mon colis ? ありがとう'],
    ['a lone surrogate', `half an emoji: ${'🎉'.slice(0, 1)} and the rest`],
  ])('is the text of the pieces a stream sends: %s', async (_name, text) => {
    await loadTokenizer();
    const tokens = encode(text, plain).length;
    // The last ones are budgets the text surely fits in, which it is not counted against.
    for (const max of [1, 2, 3, 5, 8, tokens - 1, tokens, tokens + 1, text.length * 3, 4096]) {
      const whole = wholeAnswer(text, max);
      const split = splitAnswer(text, max);
      expect(whole).toEqual({ text: split.pieces.join(''), cut: split.cut });
      expect(whole.cut).toBe(tokens > max);
    }
  });
});

describe('streaming', () => {
  test('deltas are the tokens of the complete answer, then one end event', async () => {
    const req = request({ reasoning: { effort: 'high' } }, 'Où est mon colis ? 包裹 🎉');
    const complete = await engine.complete(req, callOptions());
    const events = await collect(await engine.stream(req, callOptions()));
    const pieces = deltas(events);
    expect(pieces.join('')).toBe(complete.content);
    expect(pieces.length).toBeGreaterThan(20);
    expect(pieces.length).toBeLessThanOrEqual(encode(complete.content, plain).length);
    expect(events.at(-1)).toEqual({
      type: 'end',
      finishReason: 'stop',
      matchedStop: END_OF_SEQUENCE_TOKEN_ID,
    });
    expect(events.filter((event) => event.type === 'end')).toHaveLength(1);
  });

  test('a cut stream ends with length and -1', async () => {
    const events = await collect(await engine.stream(request({ max_tokens: 5 }), callOptions()));
    expect(deltas(events)).toHaveLength(5);
    expect(events.at(-1)).toEqual({ type: 'end', finishReason: 'length', matchedStop: -1 });
  });

  test('structured output streams too, and the concatenation is the same JSON', async () => {
    const req = withSchema({
      type: 'object',
      properties: { summary: { type: 'string' } },
      required: ['summary'],
    });
    const complete = await engine.complete(req, callOptions());
    const text = deltas(await collect(await engine.stream(req, callOptions()))).join('');
    expect(text).toBe(complete.content);
    expect(JSON.parse(text)).toHaveProperty('summary');
  });

  test('aborting the signal stops the generation promptly', async () => {
    const controller = new AbortController();
    const iterable = await engine.stream(
      request({ reasoning: { effort: 'high' } }),
      callOptions(controller.signal),
    );
    const received: ChatStreamEvent[] = [];
    for await (const event of iterable) {
      received.push(event);
      if (received.length === 3) controller.abort();
    }
    expect(received).toHaveLength(3);
    expect(received.every((event) => event.type === 'delta')).toBe(true);
  });

  test('a request whose signal is already aborted is not answered', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(engine.complete(request(), callOptions(controller.signal))).rejects.toThrow();
  });
});
