import fc from 'fast-check';
import { encode } from 'gpt-tokenizer/encoding/o200k_base';
import { describe, expect, test } from 'vitest';
import { EngineError } from '../../src/types.js';
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

  test('under any max_tokens the answer fits and is valid JSON, or the call is a 400 naming max_tokens', async () => {
    await fc.assert(
      fc.asyncProperty(
        satisfiableSchema,
        fc.integer({ min: 1, max: 80 }),
        fc.integer(),
        async (schema, maxTokens, seed) => {
          const outcome = await engine
            .complete(withSchema(schema, { seed, max_tokens: maxTokens }), callOptions())
            .then(
              (answer) => ({ answer }),
              (error: unknown) => ({ error }),
            );
          if ('error' in outcome) {
            expect(outcome.error).toBeInstanceOf(EngineError);
            const error = outcome.error as EngineError;
            expect(error.status).toBe(400);
            const [issue] = error.details.issues ?? [];
            expect(issue?.path).toBe('/max_tokens');
            // The smallest valid JSON needs more tokens than were allowed.
            const needed = Number(/needs (\d+) tokens/.exec(issue?.message ?? '')?.[1]);
            expect(needed).toBeGreaterThan(maxTokens);
            return;
          }
          const { answer } = outcome;
          expect(encode(answer.content).length).toBeLessThanOrEqual(maxTokens);
          const validate = compileValidator(schema);
          expect(
            validate(JSON.parse(answer.content)),
            `${JSON.stringify(schema)}\n=> ${answer.content}`,
          ).toBe(true);
        },
      ),
      { numRuns: 150 },
    );
  }, 120_000);
});
