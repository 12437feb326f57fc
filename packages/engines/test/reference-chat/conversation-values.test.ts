import { encode } from 'gpt-tokenizer/encoding/o200k_base';
import { describe, expect, test } from 'vitest';
import { EngineError } from '../../src/types.js';
import { callOptions, compileValidator, engine, withSchema } from './helpers.js';

const triage = {
  type: 'object',
  properties: {
    summary: { type: 'string' },
    sentiment: { type: 'string', enum: ['positive', 'neutral', 'negative'] },
    language: { type: 'string' },
  },
  required: ['summary', 'sentiment', 'language'],
  additionalProperties: false,
};

async function answer(schema: object, text: string, overrides = {}) {
  const result = await engine.complete(withSchema(schema, overrides, text), callOptions());
  return { ...result, value: JSON.parse(result.content) };
}

describe('structured values drawn from the conversation', () => {
  test('summary summarises the message, sentiment follows its wording, language is detected', async () => {
    const angry = await answer(triage, 'My order arrived broken and late. This is terrible.');
    expect(angry.value.summary).toContain('My order arrived broken and late.');
    expect(angry.value.sentiment).toBe('negative');
    expect(angry.value.language).toBe('en');
    const happy = await answer(triage, 'Merci beaucoup, le colis est parfait et super !');
    expect(happy.value.sentiment).toBe('positive');
    expect(happy.value.language).toBe('fr');
    const neutral = await answer(triage, 'Wo ist mein Paket?');
    expect(neutral.value.sentiment).toBe('neutral');
    expect(neutral.value.language).toBe('de');
    expect((await answer(triage, '我的包裹在哪里？')).value.language).toBe('zh');
  });

  test('names, emails and dates found in the text fill fitting properties', async () => {
    const schema = {
      type: 'object',
      properties: {
        customerName: { type: 'string' },
        email: { type: 'string', format: 'email' },
        deliveryDate: { type: 'string', format: 'date' },
        website: { type: 'string', format: 'uri' },
        orderId: { type: 'string' },
      },
      required: ['customerName', 'email', 'deliveryDate', 'website', 'orderId'],
    };
    const { value } = await answer(
      schema,
      'Hello, I am Ada Lovelace, write to ada@example.org. Order B-2042 was due on 2025-03-14, see https://shop.example.net/orders/2042.',
    );
    expect(value).toEqual({
      customerName: 'Ada Lovelace',
      email: 'ada@example.org',
      deliveryDate: '2025-03-14',
      website: 'https://shop.example.net/orders/2042',
      orderId: 'B-2042',
    });
  });

  test('an enum of intents picks the intent closest to the message', async () => {
    const schema = {
      type: 'object',
      properties: { intent: { enum: ['refund', 'delivery status'] } },
      required: ['intent'],
    };
    expect((await answer(schema, 'Where is my parcel? What is the delivery status?')).value.intent).toBe(
      'delivery status',
    );
    expect((await answer(schema, 'I want a refund of my money.')).value.intent).toBe('refund');
  });

  test('keywords and flags reflect the message', async () => {
    const schema = {
      type: 'object',
      properties: {
        tags: { type: 'array', items: { type: 'string' } },
        urgent: { type: 'boolean' },
        hasImages: { type: 'boolean' },
      },
      required: ['tags', 'urgent', 'hasImages'],
    };
    const { value } = await answer(schema, 'The printer is broken, printer jammed again!');
    expect(value.tags[0]).toBe('printer');
    expect(value.urgent).toBe(true);
    expect(value.hasImages).toBe(false);
  });
});

describe('structured output under max_tokens', () => {
  const schema = {
    type: 'object',
    properties: {
      summary: { type: 'string' },
      reply: { type: 'string' },
      tags: { type: 'array', items: { type: 'string' } },
      code: { type: 'string', minLength: 3 },
    },
    required: ['code'],
  };
  const text =
    'My order arrived broken and late, the box was crushed, and nobody answered my three emails about it.';

  test('a tight budget gives a smaller answer that is still valid JSON, reported as length', async () => {
    const full = await answer(schema, text);
    expect(full.finishReason).toBe('stop');
    const fullTokens = encode(full.content).length;
    const tight = await answer(schema, text, { max_tokens: 12 });
    expect(encode(tight.content).length).toBeLessThanOrEqual(12);
    expect(encode(tight.content).length).toBeLessThan(fullTokens);
    expect(compileValidator(schema)(tight.value)).toBe(true);
    expect(tight.finishReason).toBe('length');
    expect(tight.matchedStop).toBe(-1);
  });

  test('when even the smallest valid JSON does not fit, complete and stream answer 400 naming max_tokens', async () => {
    const tooSmall = withSchema(schema, { max_tokens: 2 }, text);
    // Each call starts only when awaited: one left pending while another is awaited could reject unheard.
    const calls = [
      () => engine.complete(tooSmall, callOptions()),
      () => engine.stream(tooSmall, callOptions()),
    ];
    for (const call of calls) {
      const error = await call().then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(EngineError);
      expect((error as EngineError).status).toBe(400);
      expect((error as EngineError).message).toBe('Invalid input provided');
      const issues = (error as EngineError).details.issues ?? [];
      expect(issues).toHaveLength(1);
      expect(issues[0]?.path).toBe('/max_tokens');
      expect(issues[0]?.message).toMatch(
        /^is too small for the smallest JSON valid against response_format \(needs \d+ tokens\)$/,
      );
    }
  });

  test('the token count the 400 names is enough: that budget gives valid JSON', async () => {
    const error = await engine.complete(withSchema(schema, { max_tokens: 1 }, text), callOptions()).then(
      () => undefined,
      (e: unknown) => e as EngineError,
    );
    const needed = Number(/needs (\d+) tokens/.exec(error?.details.issues?.[0]?.message ?? '')?.[1]);
    expect(needed).toBeGreaterThan(1);
    const fits = await answer(schema, text, { max_tokens: needed });
    expect(compileValidator(schema)(fits.value)).toBe(true);
    expect(encode(fits.content).length).toBeLessThanOrEqual(needed);
    expect(fits.finishReason).toBe('length');
    await expect(
      engine.complete(withSchema(schema, { max_tokens: needed - 1 }, text), callOptions()),
    ).rejects.toBeInstanceOf(EngineError);
  });
});
