import { afterAll, describe, expect, it } from 'vitest';
import { createEnginePool } from '../../src/pool/engine-pool.js';
import { INLINE_TEXT_CHARS } from '../../src/pool/work-size.js';
import { callOptions, engine, request } from '../reference-chat/helpers.js';

const silent = { info() {}, warn() {}, error() {} };
const pool = createEnginePool(
  { threads: 1, taskTimeoutMs: 30_000, maxMemoryMb: 512, deadlineMs: 60_000 },
  silent,
);
afterAll(() => pool.close());

describe('the engine pool', () => {
  const long = `${'Where is my parcel? It was due on Monday and nobody answers. '.repeat(80)}`;

  it('answers large work on a worker exactly as the engine does in this thread', async () => {
    expect(long.length).toBeGreaterThan(INLINE_TEXT_CHARS);
    const large = request({}, long);
    expect(await pool.chat.complete(large, callOptions())).toEqual(
      await engine.complete(large, callOptions()),
    );
    const schema = { type: 'object', properties: { summary: { type: 'string' } }, required: ['summary'] };
    const structured = request({
      response_format: { type: 'json_schema', json_schema: { name: 'x', schema } },
    });
    expect(await pool.chat.complete(structured, callOptions())).toEqual(
      await engine.complete(structured, callOptions()),
    );
  });

  it('answers small work in this thread with the same answers', async () => {
    const small = request();
    expect(await pool.chat.complete(small, callOptions())).toEqual(
      await engine.complete(small, callOptions()),
    );
  });

  it('embeds large and small requests alike, on a worker or not', async () => {
    const sentences = [long, 'Wo ist mein Paket?'];
    const both = await pool.embeddings.embed({ model: 'm', lang: 'multi', sentences }, callOptions());
    const alone = await pool.embeddings.embed(
      { model: 'm', lang: 'multi', sentences: ['Wo ist mein Paket?'] },
      callOptions(),
    );
    expect(both[1]).toEqual(alone[0]);
    expect(both[0]).toHaveLength(384);
  });

  it('writes the JSON text of the vectors it embeds, on a worker or not', async () => {
    for (const sentences of [[long, 'Wo ist mein Paket?'], ['Wo ist mein Paket?']]) {
      const embedding = { model: 'm', lang: 'multi', sentences };
      const text = await pool.embeddings.embedJson?.(embedding, callOptions());
      expect(text).toBe(JSON.stringify(await pool.embeddings.embed(embedding, callOptions())));
    }
  });

  it('reports a schema the engine cannot satisfy as the 400 it is, from the worker', async () => {
    const impossible = request({
      response_format: {
        type: 'json_schema',
        json_schema: { name: 'x', schema: { type: 'string', minLength: 5, maxLength: 2 } },
      },
    });
    await expect(pool.chat.complete(impossible, callOptions())).rejects.toMatchObject({
      status: 400,
      details: { issues: [expect.objectContaining({ path: expect.stringMatching(/^\/response_format/) })] },
    });
  });
});
