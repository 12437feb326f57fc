import { describe, expect, it } from 'vitest';
import { isRetryableStatus, maxRetryAfterMs, retryDelayMs, sleep } from '../src/internal/backoff.js';

describe('retryDelayMs', () => {
  const options = { initialDelayMs: 500, maxDelayMs: 8000 };

  it('doubles the ceiling on each retry and caps it', () => {
    const ceilings = [0, 1, 2, 3, 4, 5, 6].map((retry) =>
      retryDelayMs(retry, undefined, options, () => 0.999999),
    );
    expect(ceilings).toEqual([499, 999, 1999, 3999, 7999, 7999, 7999]);
  });

  it('picks a random wait anywhere between zero and the ceiling (full jitter)', () => {
    expect(retryDelayMs(2, undefined, options, () => 0)).toBe(0);
    expect(retryDelayMs(2, undefined, options, () => 0.5)).toBe(1000);
    for (let i = 0; i < 200; i++) {
      const delay = retryDelayMs(1, undefined, options);
      expect(delay).toBeGreaterThanOrEqual(0);
      expect(delay).toBeLessThan(1000);
    }
  });

  it('waits exactly what Retry-After asked for', () => {
    expect(retryDelayMs(0, 2500, options, () => 0)).toBe(2500);
    expect(retryDelayMs(5, 0, options, () => 0.9)).toBe(0);
  });

  it('has a Retry-After ceiling of one minute', () => {
    expect(maxRetryAfterMs).toBe(60_000);
  });
});

describe('isRetryableStatus', () => {
  const statuses = [200, 201, 400, 401, 403, 404, 408, 409, 422, 429, 500, 502, 503, 504];

  it('retries timeouts, conflicts, rate limits and server errors of a request safe to repeat', () => {
    const retried = statuses.filter((status) => isRetryableStatus(status, true));
    expect(retried).toEqual([408, 409, 429, 500, 502, 503, 504]);
  });

  it('retries only what refused the request before it ran (408, 429) when it is not', () => {
    const retried = statuses.filter((status) => isRetryableStatus(status, false));
    expect(retried).toEqual([408, 429]);
  });
});

describe('sleep', () => {
  it('rejects with the abort reason as soon as the signal aborts', async () => {
    const controller = new AbortController();
    const waiting = sleep(60_000, controller.signal);
    controller.abort(new Error('stop'));
    await expect(waiting).rejects.toThrow('stop');
  });

  it('rejects at once for a signal that is already aborted', async () => {
    await expect(sleep(10, AbortSignal.abort(new Error('already')))).rejects.toThrow('already');
  });
});
