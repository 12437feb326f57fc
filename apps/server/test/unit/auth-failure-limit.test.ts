/** What an address over its failed-authentication budget still gets: its lookups, one at a time. */
import { describe, expect, it } from 'vitest';
import { AuthFailureLimit } from '../../src/pipeline/auth-failure-limit.js';

/** A lookup the test settles by hand, noting when it started. */
function heldLookup(started: string[], name: string) {
  let settle: (found: boolean) => void = () => undefined;
  const lookup = () => {
    started.push(name);
    return new Promise<boolean>((resolve) => {
      settle = resolve;
    });
  };
  return { lookup, settle: (found: boolean) => settle(found) };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('an address over its budget', () => {
  it('has its lookups made one after another, each answered with its own result', async () => {
    const limit = new AuthFailureLimit({ max: 1, windowMs: 60_000 });
    const started: string[] = [];
    const [a, b, c] = ['a', 'b', 'c'].map((name) => heldLookup(started, name));
    if (!a || !b || !c) throw new Error('three lookups');
    const results = [a, b, c].map(({ lookup }) => limit.inTurn('10.0.0.1', lookup));
    // Another address is not held behind this one's.
    const other = heldLookup(started, 'other');
    const otherResult = limit.inTurn('10.0.0.2', other.lookup);
    await turn();
    expect(started).toEqual(['a', 'other']);
    a.settle(false);
    await turn();
    expect(started).toEqual(['a', 'other', 'b']);
    b.settle(true);
    await turn();
    expect(started).toEqual(['a', 'other', 'b', 'c']);
    c.settle(false);
    other.settle(true);
    expect(await Promise.all([...results, otherResult])).toEqual([false, true, false, true]);
  });

  it('goes on after a lookup that failed (a store error) and then forgets the address', async () => {
    const limit = new AuthFailureLimit({ max: 1, windowMs: 60_000 });
    const failing = limit.inTurn('10.0.0.3', () => Promise.reject(new Error('store down')));
    const next = limit.inTurn('10.0.0.3', () => Promise.resolve('found'));
    await expect(failing).rejects.toThrow('store down');
    await expect(next).resolves.toBe('found');
    await turn();
    expect((limit as unknown as { turns: Map<string, unknown> }).turns.size).toBe(0);
  });

  it('counts failures in a window from the first, then is over its budget until the window ends', () => {
    const limit = new AuthFailureLimit({ max: 2, windowMs: 60_000 });
    limit.recordFailure('10.0.0.4');
    expect(limit.retryAfterSeconds('10.0.0.4')).toBeUndefined();
    limit.recordFailure('10.0.0.4');
    expect(limit.retryAfterSeconds('10.0.0.4')).toBe(60);
  });
});
