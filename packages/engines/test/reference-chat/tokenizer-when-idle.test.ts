// Its own file: the tokenizer is loaded once per module registry, and these tests need one in
// which nothing has loaded it yet.
import { describe, expect, test } from 'vitest';
import { loadTokenizerWhenIdle } from '../../src/reference-chat/tokenizer-when-idle.js';
import { countTokens } from '../../src/reference-chat/tokens.js';

const loaded = () => {
  try {
    countTokens('x');
    return true;
  } catch {
    return false;
  }
};

/** Keeps this event loop busy for `ms` in slices, as a server answering request after request does. */
async function busyFor(ms: number) {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    const slice = performance.now() + 20;
    while (performance.now() < slice) {
      // busy
    }
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe('the tokenizer loads once the event loop is idle', () => {
  test('not while the loop is busy; once it is idle, without being asked', async () => {
    const failures: unknown[] = [];
    const watch = loadTokenizerWhenIdle((error) => failures.push(error));
    try {
      await busyFor(2_000);
      expect(loaded()).toBe(false);
      await expect.poll(loaded, { timeout: 60_000, interval: 50 }).toBe(true);
      expect(failures).toEqual([]);
    } finally {
      watch.stop();
    }
  });
});
