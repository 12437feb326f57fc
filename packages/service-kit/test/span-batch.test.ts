import { describe, expect, it } from 'vitest';
import { type FinishedSpan, readSpans, SpanWriter } from '../src/tracing/span-batch.js';
import { SpanIds } from '../src/tracing/span-ids.js';

const names = [
  'http.route',
  'http.response.status_code',
  'error',
  'gen_ai.response.finish_reasons',
  'user_agent.original',
];

const span = (overrides: Partial<FinishedSpan> = {}): FinishedSpan => ({
  traceId: '4bf92f3577b34da6a3ce929d0e0e4736',
  spanId: '00f067aa0ba902b7',
  parentSpanId: '',
  remoteParent: false,
  traceFlags: 1,
  traceState: '',
  name: 'GET /v1/agents/view/:id',
  kind: 1,
  startMs: 1234.5678,
  endMs: 1236.25,
  statusCode: 0,
  attributes: [],
  ...overrides,
});

describe('span batches between the event loop and the export thread', () => {
  it('reads back every field and attribute as written, whatever its type', () => {
    const writer = new SpanWriter();
    const spans = [
      span({ attributes: [0, '/v1/agents/view/:id', 1, 200, 2, false, 3, ['stop', 'length']] }),
      span({
        spanId: 'b7ad6b7169203331',
        parentSpanId: '00f067aa0ba902b7',
        remoteParent: true,
        traceState: 'vendor=opaque,other=1',
        name: 'chat modèle — 語',
        kind: 0,
        statusCode: 2,
        attributes: [4, 'Mozilla/5.0 ☃', 1, 0.25],
      }),
    ];
    for (const one of spans) writer.write(one);
    const length = writer.length;
    const read = readSpans(writer.take(), length, names);
    expect(read).toEqual([
      {
        ...spans[0],
        attributes: {
          'http.route': '/v1/agents/view/:id',
          'http.response.status_code': 200,
          error: false,
          'gen_ai.response.finish_reasons': ['stop', 'length'],
        },
      },
      {
        ...spans[1],
        attributes: { 'user_agent.original': 'Mozilla/5.0 ☃', 'http.response.status_code': 0.25 },
      },
    ]);
  });

  it('grows past its first buffer for a large span, and starts empty after each batch is taken', () => {
    const writer = new SpanWriter();
    const long = 'x'.repeat(200_000);
    writer.write(span({ attributes: [4, long] }));
    const length = writer.length;
    expect(length).toBeGreaterThan(200_000);
    const [read] = readSpans(writer.take(), length, names);
    expect(read?.attributes['user_agent.original']).toBe(long);
    expect(writer.length).toBe(0);
    writer.write(span());
    const next = writer.length;
    expect(next).toBeLessThan(200);
    expect(readSpans(writer.take(), next, names)).toEqual([{ ...span(), attributes: {} }]);
  });

  it('keeps every attribute whole when the buffer grows in the middle of one', () => {
    // Names of 0 to 10 characters shift where each number falls, so one of them meets the end of
    // the first buffer between its header and its value.
    for (let shift = 0; shift <= 10; shift++) {
      const writer = new SpanWriter();
      const numbers = Array.from({ length: 1000 }, (_, i) => [1, i + 0.5]).flat();
      const spans = Array.from({ length: 8 }, () => span({ name: 'n'.repeat(shift), attributes: numbers }));
      for (const one of spans) writer.write(one);
      const length = writer.length;
      const read = readSpans(writer.take(), length, names);
      expect(read).toHaveLength(8);
      for (const one of read)
        expect(one.attributes['http.response.status_code'], `shift ${shift}`).toBe(999.5);
    }
  });
});

describe('span ids', () => {
  it('are W3C trace context ids: lowercase hex of 32 and 16 digits, never repeated', () => {
    const ids = new SpanIds();
    const seen = new Set<string>();
    for (let i = 0; i < 5000; i++) {
      const traceId = ids.generateTraceId();
      const spanId = ids.generateSpanId();
      expect(traceId).toMatch(/^[0-9a-f]{32}$/);
      expect(spanId).toMatch(/^[0-9a-f]{16}$/);
      expect(traceId).not.toMatch(/^0+$/);
      seen.add(traceId).add(spanId);
    }
    expect(seen.size).toBe(10_000);
  });
});
