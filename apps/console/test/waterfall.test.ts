import { describe, expect, it } from 'vitest';
import { waterfallRows } from '../src/lib/waterfall.js';

describe('waterfallRows', () => {
  it('places each stage on the request’s axis, where it started and as long as it took', () => {
    const rows = waterfallRows({
      durationMs: 10,
      spans: [
        { stage: 'auth', name: 'auth', startMs: 0.5, durationMs: 1 },
        { stage: 'db', name: 'db', startMs: 2, durationMs: 0.002 },
        { stage: 'engine', name: 'chat reference', startMs: 3, durationMs: 6 },
      ],
    });
    expect(rows.map(({ name, offsetPercent, widthPercent }) => [name, offsetPercent, widthPercent])).toEqual([
      ['auth', 5, 10],
      ['db', 20, 0.5],
      ['chat reference', 30, 60],
    ]);
  });

  it('stretches the axis to a stage that ends after the request was measured, and draws nothing without stages', () => {
    const [row] = waterfallRows({
      durationMs: 1,
      spans: [{ stage: 'db', name: 'db', startMs: 0, durationMs: 2 }],
    });
    expect(row).toMatchObject({ offsetPercent: 0, widthPercent: 100 });
    expect(waterfallRows({ durationMs: 5, spans: [] })).toEqual([]);
  });
});
