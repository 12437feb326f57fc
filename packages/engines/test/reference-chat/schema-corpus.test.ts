import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { callOptions, collect, compileValidator, engine, withSchema } from './helpers.js';

interface CorpusEntry {
  name: string;
  schema: Record<string, unknown>;
  message?: string;
}

const corpus: CorpusEntry[] = JSON.parse(
  readFileSync(new URL('./schemas/corpus.json', import.meta.url), 'utf8'),
);

describe('structured output over the committed schema corpus', () => {
  test('the corpus holds at least 50 schemas', () => {
    expect(corpus.length).toBeGreaterThanOrEqual(50);
  });

  test.each(corpus.map((entry) => [entry.name, entry] as const))(
    '%s: every seed answers JSON valid per Ajv',
    async (_, entry) => {
      const validate = compileValidator(entry.schema);
      for (const seed of [1, 2024, 99991]) {
        const answer = await engine.complete(
          withSchema(entry.schema, { seed }, entry.message),
          callOptions(),
        );
        const value = JSON.parse(answer.content);
        expect(validate(value), `${answer.content}\n${JSON.stringify(validate.errors)}`).toBe(true);
        expect(answer.finishReason).toBe('stop');
      }
    },
  );

  test.each(corpus.slice(0, 12).map((entry) => [entry.name, entry] as const))(
    '%s: streams the same valid JSON',
    async (_, entry) => {
      const request = withSchema(entry.schema, {}, entry.message);
      const complete = await engine.complete(request, callOptions());
      const events = await collect(await engine.stream(request, callOptions()));
      const text = events.map((event) => (event.type === 'delta' ? event.content : '')).join('');
      expect(text).toBe(complete.content);
      expect(compileValidator(entry.schema)(JSON.parse(text))).toBe(true);
    },
  );
});
