import { describe, expect, it } from 'vitest';
import { createLocalEmbeddingEngine } from '../../src/local-embeddings/index.js';
import { MILLIONTHS, VectorJsonWriter } from '../../src/local-embeddings/vector-json.js';

const options = { signal: new AbortController().signal, requestId: 'test' };

describe('vectors written as JSON', () => {
  it('writes every component from -1 to 1 in six decimals as JSON.stringify does', () => {
    // All 2,000,001 components, 1,000 a vector: the writer's text must be JSON.stringify's byte for byte.
    const width = 1000;
    for (let first = -MILLIONTHS; first <= MILLIONTHS; first += width) {
      const millionths = new Int32Array(Math.min(width, MILLIONTHS - first + 1)).map((_, i) => first + i);
      const json = new VectorJsonWriter(1, millionths.length);
      json.write(millionths);
      const expected = JSON.stringify([Array.from(millionths, (k) => k / MILLIONTHS)]);
      if (json.text() !== expected) expect(json.text()).toBe(expected);
    }
  });

  it('gives the engine the same answer as its vectors through JSON.stringify', async () => {
    const engine = createLocalEmbeddingEngine();
    const sentences = [
      'Where is my parcel?',
      'Wo ist mein Paket? Es sollte gestern ankommen.',
      '我的包裹在哪里？',
      'รถไฟล่าช้า',
      '',
      '   ',
      '👍',
      '?!',
      'supercalifragilisticexpialidocious '.repeat(40),
      'Пароль не подходит, помогите восстановить доступ к аккаунту',
    ];
    for (const lang of ['multi', 'en', 'de']) {
      const request = { model: 'svc-embeddings-v1-20241001', lang, sentences };
      const text = await engine.embedJson(request, options);
      expect(text).toBe(JSON.stringify(await engine.embed(request, options)));
    }
    expect(
      await engine.embedJson({ model: 'svc-embeddings-v1-20241001', lang: 'multi', sentences: [] }, options),
    ).toBe('[]');
  });
});
