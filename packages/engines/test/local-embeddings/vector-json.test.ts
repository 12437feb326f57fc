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

  it('gives each of several writers open at once its own text, and refuses a vector after the text', () => {
    const vector = (seed: number) => new Int32Array(384).map((_, i) => ((i * 7919 + seed) % 2001) - 1000);
    const expected = (seeds: number[]) =>
      JSON.stringify(seeds.map((seed) => Array.from(vector(seed), (k) => k / MILLIONTHS)));
    // Many rounds, so the buffers finished writers give back are taken again, some while others are open.
    for (let round = 0; round < 20; round++) {
      const first = new VectorJsonWriter(3, 384);
      const second = new VectorJsonWriter(300, 384);
      first.write(vector(round));
      second.write(vector(round + 1));
      const third = new VectorJsonWriter(2, 384);
      first.write(vector(round + 2));
      third.write(vector(round + 3));
      expect(first.text()).toBe(expected([round, round + 2]));
      second.write(vector(round + 4));
      expect(third.text()).toBe(expected([round + 3]));
      expect(second.text()).toBe(expected([round + 1, round + 4]));
      expect(second.text()).toBe(expected([round + 1, round + 4]));
      expect(() => first.write(vector(round))).toThrow('a vector written after the text was taken');
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
