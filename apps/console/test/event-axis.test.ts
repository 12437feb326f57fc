import { describe, expect, it } from 'vitest';
import { eventAxis } from '../src/lib/event-axis.js';

describe('the stream events’ time axis', () => {
  it('places each event along the answer’s duration, with the gap since the previous one', () => {
    const { spanMs, points } = eventAxis(
      [
        { atMs: 200, event: null, data: '{"a":1}' },
        { atMs: 300, event: null, data: '{"a":2}' },
        { atMs: 400, event: null, data: '[DONE]' },
      ],
      400,
    );
    expect(spanMs).toBe(400);
    expect(points.map((p) => [p.offsetPercent, p.gapMs, p.label, p.terminal])).toEqual([
      [50, 200, 'data', false],
      [75, 100, 'data', false],
      [100, 100, '[DONE]', true],
    ]);
  });

  it('ends the axis at the answer’s end when it outlasts the last event, and marks an error event', () => {
    const { spanMs, points } = eventAxis([{ atMs: 10, event: 'error', data: '{}' }], 1000);
    expect(spanMs).toBe(1000);
    expect(points[0]).toMatchObject({ offsetPercent: 1, label: 'error', terminal: true });
  });

  it('copes with no events and a zero duration', () => {
    expect(eventAxis([], 0)).toEqual({ spanMs: 1, points: [] });
  });
});
