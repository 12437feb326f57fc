/**
 * Retry timing: exponential backoff with full jitter (a random wait in [0, base·2^n], capped), unless
 * the server said how long to wait with `Retry-After` (seconds or an HTTP date), which wins.
 * Full jitter spreads the retries of many clients hit by the same outage instead of synchronising them.
 */

export interface BackoffOptions {
  /** Upper bound of the first wait. */
  initialDelayMs: number;
  /** Upper bound of any computed wait. */
  maxDelayMs: number;
}

const defaultBackoff: BackoffOptions = { initialDelayMs: 500, maxDelayMs: 8000 };

/** A `Retry-After` longer than this is not waited for: the error goes to the caller instead. */
export const maxRetryAfterMs = 60_000;

/**
 * Statuses worth another attempt. A `408` or `429` refused the request before anything ran: always.
 * A `409` (its key's first request still running) and a `5xx` may follow work that was done (a `503`
 * whose commit's confirmation was lost, a `502` from a proxy that lost the answer): only when doing
 * the request twice is as doing it once (`repeatable`: a GET, a request with an `Idempotency-Key`).
 */
export function isRetryableStatus(status: number, repeatable: boolean): boolean {
  if (status === 408 || status === 429) return true;
  return repeatable && (status === 409 || status >= 500);
}

/**
 * The wait before retry number `retry` (0 for the first retry).
 * `random` is injectable so tests can pin the jitter.
 */
export function retryDelayMs(
  retry: number,
  retryAfterMs: number | undefined,
  options: BackoffOptions = defaultBackoff,
  random: () => number = Math.random,
): number {
  if (retryAfterMs !== undefined) return retryAfterMs;
  const ceiling = Math.min(options.maxDelayMs, options.initialDelayMs * 2 ** retry);
  return Math.floor(random() * ceiling);
}

/** Resolves after `ms`, or rejects with the signal's reason as soon as it aborts. */
export function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
