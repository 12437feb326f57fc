/**
 * The `fetch` every SDK request goes through (resource methods and the raw client alike): a timeout
 * per attempt, retries with backoff, and the caller's `AbortSignal` honoured at every step, including
 * the waits between attempts. openapi-fetch hands it a finished `Request`; each attempt sends a clone,
 * so a JSON body can be sent again.
 */
import { APIConnectionError, APITimeoutError, APIUserAbortError } from '../errors.js';
import {
  type BackoffOptions,
  isRetryableStatus,
  maxRetryAfterMs,
  parseRetryAfter,
  retryDelayMs,
  sleep,
} from './backoff.js';

/** Where the SDK reports retries. `console` fits; so do pino and most loggers. */
export interface Logger {
  debug?(message: string, details?: Record<string, unknown>): void;
  warn?(message: string, details?: Record<string, unknown>): void;
}

export interface FetchPolicy {
  fetch: ((request: Request) => Promise<Response>) | undefined;
  maxRetries: number;
  timeoutMs: number;
  backoff: BackoffOptions;
  logger: Logger | undefined;
  random?: () => number;
}

export function createResilientFetch(policy: FetchPolicy): (request: Request) => Promise<Response> {
  // Looked up per call (not captured once) so a fetch polyfilled after the client was made still counts.
  const send = policy.fetch ?? ((request: Request) => globalThis.fetch(request));

  return async function resilientFetch(request) {
    const callerSignal = request.signal;
    for (let attempt = 0; ; attempt++) {
      if (callerSignal.aborted) throw new APIUserAbortError();
      const retriesLeft = policy.maxRetries - attempt;
      const controller = new AbortController();
      const unlink = linkAbort(callerSignal, controller);
      let timedOut = false;
      const timer = setTimeout(() => {
        timedOut = true;
        controller.abort(new APITimeoutError());
      }, policy.timeoutMs);

      let response: Response | undefined;
      let failure: APIConnectionError | undefined;
      try {
        // The last attempt may use up the original body; earlier ones send a copy.
        const body = retriesLeft > 0 ? request.clone() : request;
        response = await send(new Request(body, { signal: unlink.signal }));
      } catch (cause) {
        if (callerSignal.aborted) throw new APIUserAbortError();
        failure = timedOut ? new APITimeoutError() : new APIConnectionError(undefined, cause);
      } finally {
        clearTimeout(timer);
      }

      const retryAfter = response ? parseRetryAfter(response.headers) : undefined;
      const retry =
        retriesLeft > 0 &&
        (failure !== undefined ||
          (response !== undefined &&
            isRetryableStatus(response.status) &&
            (retryAfter === undefined || retryAfter <= maxRetryAfterMs)));
      if (!retry) {
        if (failure) throw failure;
        // The link stays: the caller may still cancel reading the body.
        return response as Response;
      }

      unlink();
      await response?.body?.cancel().catch(() => {});
      const delayMs = retryDelayMs(attempt, retryAfter, policy.backoff, policy.random);
      policy.logger?.warn?.('Retrying request', {
        method: request.method,
        url: request.url,
        attempt: attempt + 1,
        reason: failure ? failure.message : `status ${response?.status}`,
        delayMs,
      });
      try {
        await sleep(delayMs, callerSignal);
      } catch {
        throw new APIUserAbortError();
      }
    }
  };
}

/**
 * A signal that aborts with the caller's signal or the attempt's own controller (its timeout).
 * `AbortSignal.any` holds the caller's signal weakly, so a long-lived signal shared by many calls
 * gathers no listeners; runtimes without it get a listener that is removed when the attempt is retried.
 */
function linkAbort(caller: AbortSignal, own: AbortController): (() => void) & { signal: AbortSignal } {
  if (typeof AbortSignal.any === 'function') {
    return Object.assign(() => {}, { signal: AbortSignal.any([caller, own.signal]) });
  }
  const forward = () => own.abort(caller.reason);
  caller.addEventListener('abort', forward, { once: true });
  return Object.assign(() => caller.removeEventListener('abort', forward), { signal: own.signal });
}
