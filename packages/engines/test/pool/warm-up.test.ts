import { beforeAll, describe, expect, it } from 'vitest';
import { createLocalEmbeddingEngine } from '../../src/local-embeddings/index.js';
import { WARM_CHAT, warmUp } from '../../src/pool/warm-up.js';
import { planAnswer } from '../../src/reference-chat/answer.js';
import { loadTokenizer } from '../../src/reference-chat/tokens.js';
import { callOptions } from '../reference-chat/helpers.js';

const embeddings = createLocalEmbeddingEngine();
beforeAll(() => loadTokenizer());

describe("a worker thread's warm-up", () => {
  it('runs a chat the engine answers through its structured path (not one it refuses early)', async () => {
    const planned = await planAnswer(WARM_CHAT, embeddings, callOptions(), 'whole');
    const answer = JSON.parse('text' in planned ? planned.text : planned.pieces.join(''));
    expect(answer).toEqual({ summary: expect.stringMatching(/^[A-Za-z ]+$/), count: expect.any(Number) });
  });

  it('lets the thread start when the engine fails', async () => {
    const failing = async () => {
      throw new Error('the engine failed');
    };
    await expect(warmUp(failing, embeddings)).resolves.toBeUndefined();
  });
});
