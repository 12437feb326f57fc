import { describe, expect, it, vi } from 'vitest';
import { SpanIds } from '../src/tracing/span-ids.js';

// The system's generator, except that each fill starts with 16 zero bytes: the first trace id, or
// the first two span ids, cut from it would be the specification's invalid all-zero ids.
vi.mock('node:crypto', async (original) => {
  const crypto = await original<typeof import('node:crypto')>();
  return {
    ...crypto,
    randomFillSync: <T extends NodeJS.ArrayBufferView>(buffer: T) => {
      crypto.randomFillSync(buffer);
      new Uint8Array(buffer.buffer, buffer.byteOffset, 16).fill(0);
      return buffer;
    },
  };
});

describe('span ids drawn as all zeros', () => {
  it('are drawn again: a trace id is never the invalid all-zero id', () => {
    const traceId = new SpanIds().generateTraceId();
    expect(traceId).toMatch(/^[0-9a-f]{32}$/);
    // Cut from the generator's bytes after the zeros.
    expect(traceId.startsWith('0'.repeat(8))).toBe(false);
  });

  it('are drawn again: a span id is never the invalid all-zero id', () => {
    const ids = new SpanIds();
    const spanId = ids.generateSpanId();
    expect(spanId).toMatch(/^[0-9a-f]{16}$/);
    expect(spanId.startsWith('0'.repeat(8))).toBe(false);
  });
});
