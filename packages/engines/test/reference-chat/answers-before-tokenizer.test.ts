// Its own file: the tokenizer is loaded once per module registry, and this file's tests need one in
// which nothing has loaded it yet.
import { describe, expect, test } from 'vitest';
import { countTokens } from '../../src/reference-chat/tokens.js';
import { callOptions, collect, engine, request } from './helpers.js';

describe('answers that need no tokenizer', () => {
  test('a plain answer sent whole that surely fits is answered before the tokenizer loads; a stream waits for it', async () => {
    const whole = await engine.complete(request(), callOptions());
    expect(whole.finishReason).toBe('stop');
    expect(whole.content.length).toBeGreaterThan(20);
    // Nothing has loaded the tokenizer: the answer was made without it.
    expect(() => countTokens('x')).toThrow(/before loadTokenizer/);

    // A cut needs the tokens: it waits for the tokenizer and cuts at exactly that many.
    const cut = await engine.complete(request({ max_tokens: 3 }), callOptions());
    expect(cut.finishReason).toBe('length');
    expect(countTokens(cut.content)).toBeLessThanOrEqual(3);

    const events = await collect(await engine.stream(request(), callOptions()));
    const streamed = events.flatMap((event) => (event.type === 'delta' ? [event.content] : []));
    expect(streamed.join('')).toBe(whole.content);
  });
});
