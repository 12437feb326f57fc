import { describe, expect, it } from 'vitest';
import { createLocalEmbeddingEngine, LOCAL_EMBEDDING_DIMENSION } from '../../src/local-embeddings/index.js';

const options = { signal: new AbortController().signal, requestId: 'test' };

async function embed(sentences: string[], lang = 'multi', engine = createLocalEmbeddingEngine()) {
  return engine.embed({ model: 'svc-embeddings-v1-20241001', lang, sentences }, options);
}

function norm(vector: number[]): number {
  return Math.sqrt(vector.reduce((sum, x) => sum + x * x, 0));
}

function cosine(a: number[], b: number[]): number {
  return a.reduce((sum, x, i) => sum + x * (b[i] as number), 0) / (norm(a) * norm(b));
}

async function similarity(a: string, b: string, lang = 'multi'): Promise<number> {
  const [va, vb] = await embed([a, b], lang);
  return cosine(va!, vb!);
}

describe('local embedding engine', () => {
  it('returns one unit-length vector of the documented dimension per sentence', async () => {
    const vectors = await embed(['Where is my parcel?', 'Wo ist mein Paket?', '我的包裹在哪里？']);
    expect(LOCAL_EMBEDDING_DIMENSION).toBe(384);
    expect(vectors).toHaveLength(3);
    for (const vector of vectors) {
      expect(vector).toHaveLength(384);
      expect(vector.every(Number.isFinite)).toBe(true);
      expect(norm(vector)).toBeCloseTo(1, 4);
    }
  });

  it('is deterministic across calls and across engine instances', async () => {
    const sentences = ['The train to Berlin was delayed.', 'Le train a du retard.', 'รถไฟล่าช้า'];
    const first = await embed(sentences);
    expect(await embed(sentences)).toEqual(first);
    expect(await embed(sentences, 'multi', createLocalEmbeddingEngine())).toEqual(first);
  });

  it('keeps the input order, each vector independent of its neighbours', async () => {
    const sentences = ['apples and pears', 'a storm over the sea', 'password reset', 'pizza tonight'];
    const together = await embed(sentences);
    const reversed = await embed([...sentences].reverse());
    expect(reversed).toEqual([...together].reverse());
    for (const [i, sentence] of sentences.entries())
      expect((await embed([sentence]))[0]).toEqual(together[i]);
  });

  it('gives blank input a fixed unit vector instead of zeros or NaN', async () => {
    const [empty, spaces, tabs] = await embed(['', '   ', '\t\n ']);
    expect(norm(empty!)).toBeCloseTo(1, 6);
    expect(spaces).toEqual(empty);
    expect(tabs).toEqual(empty);
  });

  it('describes punctuation- and emoji-only input by its characters', async () => {
    const [question, again, thumbs, blank] = await embed(['?!', '?!', '👍', ' ']);
    expect(norm(question!)).toBeCloseTo(1, 4);
    expect(again).toEqual(question);
    expect(thumbs).not.toEqual(question);
    expect(question).not.toEqual(blank);
  });

  it('gives Chinese, Japanese and Thai sentences non-trivial vectors', async () => {
    const sentences = [
      '我想取消我的订阅。',
      'サブスクリプションを解約したいです。',
      'ฉันต้องการยกเลิกการสมัครสมาชิก',
    ];
    const [blank] = await embed(['']);
    for (const vector of await embed(sentences)) {
      expect(vector.filter((x) => x !== 0).length).toBeGreaterThan(10);
      expect(cosine(vector, blank!)).toBeLessThan(0.5);
    }
  });

  it('ignores case, accents, full-width forms and typographic apostrophes', async () => {
    expect(await similarity('Café CRÈME à Paris', 'cafe creme a paris')).toBeCloseTo(1, 5);
    expect(await similarity('ＰＡＳＳＷＯＲＤ ｒｅｓｅｔ', 'password reset')).toBeCloseTo(1, 5);
    expect(await similarity('l’homme', "l'homme")).toBeCloseTo(1, 5);
  });

  it('embeds a maximal 8192-character sentence', async () => {
    const [vector] = await embed([
      'The quick brown fox jumps over the lazy dog. '.repeat(190).slice(0, 8192),
    ]);
    expect(norm(vector!)).toBeCloseTo(1, 4);
  });
});
