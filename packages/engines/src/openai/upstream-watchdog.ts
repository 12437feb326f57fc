/**
 * One upstream call's abort signal: it fires when the caller aborts (client gone, server closing),
 * when the upstream stays silent longer than the configured timeout, or when we are done with the
 * call (so a half-read response never keeps its connection open).
 *
 * A plain `AbortSignal.timeout` would bound the whole exchange, which would cut a healthy stream
 * that takes longer than the timeout to finish. Here the timer measures silence instead: a JSON
 * answer must arrive within the timeout, and a stream must deliver its next chunk within it.
 */
export interface UpstreamWatchdog {
  /** Pass to `fetch`: aborted by the caller, by a stall, or by `release()`. */
  readonly signal: AbortSignal;
  /** True once the silence timer fired. */
  readonly timedOut: boolean;
  /** True once the caller's own signal aborted. */
  readonly callerAborted: boolean;
  /** The upstream showed signs of life: restart the silence timer. */
  touch(): void;
  /** Stop the timer and abort whatever is still open of the call. Safe to call twice. */
  release(): void;
}

export function startUpstreamWatchdog(timeoutMs: number, callerSignal: AbortSignal): UpstreamWatchdog {
  const own = new AbortController();
  const signal = AbortSignal.any([callerSignal, own.signal]);
  let timedOut = false;
  let timer: NodeJS.Timeout | undefined;

  const arm = (): void => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timedOut = true;
      own.abort(new DOMException(`The upstream was silent for ${timeoutMs} ms`, 'TimeoutError'));
    }, timeoutMs);
    // A pending upstream call must not keep the process alive on shutdown.
    timer.unref();
  };
  arm();

  return {
    signal,
    get timedOut() {
      return timedOut;
    },
    get callerAborted() {
      return callerSignal.aborted;
    },
    touch() {
      if (!signal.aborted) arm();
    },
    release() {
      if (timer) clearTimeout(timer);
      timer = undefined;
      if (!own.signal.aborted) own.abort(new DOMException('The upstream call is finished', 'AbortError'));
    },
  };
}
