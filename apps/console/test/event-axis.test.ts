import { describe, expect, it } from 'vitest';
import { eventAxis, tickStep, timeLabel } from '../src/lib/event-axis.js';

describe('the stream events’ time axis', () => {
  it('places each event along the answer, with the gap since the previous one', () => {
    const { spanMs, points } = eventAxis([
      { atMs: 200, event: null, data: '{"a":1}' },
      { atMs: 300, event: null, data: '{"a":2}' },
      { atMs: 400, event: null, data: '[DONE]' },
    ]);
    expect(spanMs).toBe(400);
    expect(points.map((p) => [p.offsetPercent, p.gapMs, p.label, p.terminal])).toEqual([
      [50, 200, 'data', false],
      [75, 100, 'data', false],
      [100, 100, '[DONE]', true],
    ]);
  });

  it('ends the axis at the tick after the last event, and marks an error event', () => {
    const { spanMs, points } = eventAxis([
      { atMs: 1, event: null, data: '{}' },
      { atMs: 9.5, event: 'error', data: '{}' },
    ]);
    expect(spanMs).toBe(10);
    expect(points[1]).toMatchObject({ offsetPercent: 95, label: 'error', terminal: true });
  });

  it('has a scale: ticks at a round step from 0 to the end of the axis, which ends on one', () => {
    const { spanMs, ticks, points } = eventAxis([
      { atMs: 37.5, event: null, data: '{}' },
      { atMs: 43, event: null, data: '[DONE]' },
    ]);
    expect(spanMs).toBe(50);
    expect(ticks.map((tick) => [tick.label, tick.offsetPercent])).toEqual([
      ['0 ms', 0],
      ['10 ms', 20],
      ['20 ms', 40],
      ['30 ms', 60],
      ['40 ms', 80],
      ['50 ms', 100],
    ]);
    expect(points[0]?.offsetPercent).toBe(75);
  });

  it('labels seconds past one second', () => {
    expect(eventAxis([{ atMs: 2300, event: null, data: '[DONE]' }]).ticks.map((tick) => tick.label)).toEqual([
      '0 ms',
      '500 ms',
      '1 s',
      '1.5 s',
      '2 s',
      '2.5 s',
    ]);
    expect([timeLabel(12_345), timeLabel(1.234), timeLabel(0), timeLabel(10.4)]).toEqual([
      '12.345 s',
      '1.2 ms',
      '0 ms',
      '10 ms',
    ]);
  });

  it('steps by 1, 2 or 5 times a power of ten, never under 1 ms', () => {
    expect([0, 3, 9, 11, 99, 101, 480, 9000, 26_000].map(tickStep)).toEqual([
      1, 1, 2, 5, 20, 50, 100, 2000, 10_000,
    ]);
  });

  it('copes with no events', () => {
    expect(eventAxis([])).toEqual({
      spanMs: 1,
      points: [],
      ticks: [
        { atMs: 0, offsetPercent: 0, label: '0 ms' },
        { atMs: 1, offsetPercent: 100, label: '1 ms' },
      ],
    });
  });
});
