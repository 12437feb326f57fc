import { describe, expect, it } from 'vitest';
import { parseServerTiming } from '../src/lib/server-timing.js';

describe('a Server-Timing header as the time each stage took', () => {
  it('gives each stage its share of the total, and the rest as other', () => {
    const timing = parseServerTiming(
      'auth;desc="token";dur=1.000, db;desc="database";dur=2.000, engine;desc="engine";dur=5.000, total;dur=10.000',
    );
    expect(timing?.totalMs).toBe(10);
    expect(timing?.stages.map(({ name, label, ms, percent }) => [name, label, ms, percent])).toEqual([
      ['auth', 'token', 1, 10],
      ['db', 'database', 2, 20],
      ['engine', 'engine', 5, 50],
      ['other', 'other', 2, 20],
    ]);
  });

  it('reads other servers’ headers: no total, bare or escaped descriptions, metrics without a duration', () => {
    const timing = parseServerTiming('cache;desc=hit, app;dur=3, db ; desc="say \\"hi\\"" ; dur=1, miss');
    expect(timing?.totalMs).toBe(4);
    expect(timing?.stages.map(({ label, ms }) => [label, ms])).toEqual([
      ['app', 3],
      ['say "hi"', 1],
    ]);
  });

  it('never draws a stage past the whole, and has nothing to show without a duration', () => {
    // A total shorter than its stages (clocks read at other moments) grows to their sum.
    expect(parseServerTiming('db;dur=4, total;dur=3')?.stages).toEqual([
      { name: 'db', label: 'db', ms: 4, percent: 100 },
    ]);
    expect(parseServerTiming('total;dur=0.4')?.stages).toEqual([
      { name: 'other', label: 'other', ms: 0.4, percent: 100 },
    ]);
    expect(parseServerTiming(undefined)).toBeUndefined();
    expect(parseServerTiming('cache;desc=hit')).toBeUndefined();
    expect(parseServerTiming('db;dur=-1, x;dur=abc')).toBeUndefined();
  });
});
