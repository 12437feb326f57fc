import fc from 'fast-check';
import { encode } from 'gpt-tokenizer/encoding/o200k_base';
import { describe, expect, test } from 'vitest';
import { callOptions, compileValidator, engine, withSchema } from './helpers.js';
import { satisfiableSchema } from './schema-arbitrary.js';

const MESSAGES = [
  'Where is my parcel?',
  'Merci beaucoup, tout est parfait !',
  'Contact me at bob@example.com on 2025-06-01, Bob Smith',
  '包裹坏了',
];

describe('structured output for generated schemas (property-based)', () => {
  test('every answer to a satisfiable schema is valid JSON per Ajv, for any seed and sampling', async () => {
    await fc.assert(
      fc.asyncProperty(
        satisfiableSchema,
        fc.integer(),
        fc.double({ min: 0, max: 2, noNaN: true }),
        fc.constantFrom(...MESSAGES),
        async (schema, seed, temperature, message) => {
          const answer = await engine.complete(
            withSchema(schema, { seed, temperature }, message),
            callOptions(),
          );
          const validate = compileValidator(schema);
          const valid = validate(JSON.parse(answer.content));
          expect(
            valid,
            `${JSON.stringify(schema)}\n=> ${answer.content}\n${JSON.stringify(validate.errors)}`,
          ).toBe(true);
        },
      ),
      { numRuns: 200 },
    );
  }, 120_000);

  test('under any max_tokens the answer fits, and is valid JSON unless cut at exactly max_tokens', async () => {
    await fc.assert(
      fc.asyncProperty(
        satisfiableSchema,
        fc.integer({ min: 1, max: 80 }),
        fc.integer(),
        async (schema, maxTokens, seed) => {
          const answer = await engine.complete(
            withSchema(schema, { seed, max_tokens: maxTokens }),
            callOptions(),
          );
          expect(encode(answer.content).length).toBeLessThanOrEqual(maxTokens);
          let parsed: { value: unknown } | undefined;
          try {
            parsed = { value: JSON.parse(answer.content) };
          } catch {
            // Only an answer cut at max_tokens may be unparseable.
            expect(answer.finishReason).toBe('length');
            expect(encode(answer.content)).toHaveLength(maxTokens);
          }
          if (parsed && !compileValidator(schema)(parsed.value)) {
            // A cut text can still parse (e.g. a number cut short); it is then marked as cut.
            expect(answer.finishReason).toBe('length');
            expect(encode(answer.content)).toHaveLength(maxTokens);
          }
          if (answer.finishReason === 'stop') expect(parsed).toBeDefined();
        },
      ),
      { numRuns: 150 },
    );
  }, 120_000);
});
