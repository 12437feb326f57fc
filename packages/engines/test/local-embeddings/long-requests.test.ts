import { describe, expect, it } from 'vitest';
import { createLocalEmbeddingEngine } from '../../src/local-embeddings/index.js';

const engine = createLocalEmbeddingEngine();
/** A maximal sentence of the contract (8,192 characters) in Chinese: the slowest text to segment. */
const longChinese = Array.from({ length: 8192 }, (_, i) =>
  String.fromCharCode(0x4e00 + ((i * 7919) % 20000)),
).join('');
const longEnglish = 'The quick brown fox jumps over the lazy dog. '.repeat(190).slice(0, 8192);

describe('local embeddings on large requests', () => {
  it('lets other work run while a large batch is embedded', async () => {
    let finished = false;
    let timerSawUnfinished = false;
    setTimeout(() => {
      timerSawUnfinished = !finished;
    }, 0);
    const vectors = await engine.embed(
      { model: 'm', lang: 'multi', sentences: Array.from({ length: 40 }, () => longEnglish) },
      { signal: new AbortController().signal, requestId: 'long' },
    );
    finished = true;
    expect(vectors).toHaveLength(40);
    expect(timerSawUnfinished).toBe(true);
  });

  it('stops with an AbortError once the caller aborts', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 0);
    const request = engine.embed(
      { model: 'm', lang: 'multi', sentences: Array.from({ length: 64 }, () => longChinese) },
      { signal: controller.signal, requestId: 'aborted' },
    );
    await expect(request).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('refuses to start for an already aborted caller', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(
      engine.embed(
        { model: 'm', lang: 'multi', sentences: ['hello'] },
        { signal: controller.signal, requestId: 'gone' },
      ),
    ).rejects.toMatchObject({ name: 'AbortError' });
  });
});
