import { describe, expect, it } from 'vitest';
import { expectMatchesContract } from '../helpers/contract.js';
import { auth, TEST_TOKENS } from '../helpers/fixtures.js';
import { useTestApp } from '../helpers/test-app.js';

const app = useTestApp();
const embed = (payload: unknown) =>
  app().inject({
    method: 'POST',
    url: '/v1/vectors/embedding',
    headers: auth(TEST_TOKENS.embeddings),
    payload: payload as object,
  });

describe('POST /v1/vectors/embedding', () => {
  it('returns one L2-normalized vector of one fixed dimension per sentence, in input order', async () => {
    const res = await embed({
      sentences: ['Where is my parcel?', 'Wo ist mein Paket?', 'Where is my parcel?'],
    });
    expect(res.statusCode).toBe(200);
    expectMatchesContract('createEmbeddings', 200, res.json());
    const vectors: number[][] = res.json().data.embeddings;
    expect(vectors).toHaveLength(3);
    const dimension = vectors[0]?.length;
    for (const v of vectors) {
      expect(v).toHaveLength(dimension as number);
      expect(Math.hypot(...v)).toBeCloseTo(1, 5);
    }
    expect(vectors[2]).toEqual(vectors[0]);
  });

  it('answers a large request (its vectors written as JSON on an engine thread) as JSON, with the vectors small requests get', async () => {
    // Over the text the event loop embeds itself (work-size.ts): this one goes to an engine thread.
    const sentences = Array.from(
      { length: 40 },
      (_, i) => `Sentence ${i}: ${'where is my parcel '.repeat(8)}`,
    );
    const large = await embed({ sentences });
    expect(large.statusCode).toBe(200);
    expect(large.headers['content-type']).toBe('application/json; charset=utf-8');
    expectMatchesContract('createEmbeddings', 200, large.json());
    // The same bytes JSON.stringify gives the answer object.
    expect(large.body).toBe(JSON.stringify(large.json()));
    const vectors: number[][] = large.json().data.embeddings;
    expect(vectors).toHaveLength(40);
    const small = await embed({ sentences: [sentences[0], sentences[39]] });
    expect(small.json().data.embeddings).toEqual([vectors[0], vectors[39]]);
    expect(vectors[1]).not.toEqual(vectors[0]);
  });

  it('answers 400 for no sentences, an empty sentence, more than 256, or an unknown model', async () => {
    const cases = [
      [{ sentences: [] }, '/sentences'],
      [{ sentences: ['ok', ''] }, '/sentences/1'],
      [{ sentences: Array.from({ length: 257 }, () => 'x') }, '/sentences'],
      [{ sentences: ['x'], model: 'other' }, '/model'],
      [{ sentences: ['x'], lang: 'english' }, '/lang'],
    ] as const;
    for (const [payload, path] of cases) {
      const res = await embed(payload);
      expect(res.statusCode).toBe(400);
      expectMatchesContract('createEmbeddings', 400, res.json());
      expect(res.json().errors.map((e: { path: string }) => e.path)).toContain(path);
    }
  });
});
