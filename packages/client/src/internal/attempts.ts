/**
 * One call's attempts: a timeout per attempt, retries with backoff, and the caller's `AbortSignal`
 * honoured at every step, including the waits between attempts and reading the answer's body.
 *
 * Each attempt has its own AbortController (timeout, caller's abort), handed to `fetch` as `init.signal`
 * with the body text kept from serialisation, so no body is cloned and no signal is wired through a
 * `Request`. Only a raw-client body that did not come from `bodySerializer` is cloned up front.
 * An injected `fetch` is called with the same `(input, init)` as the global one.
 */
import { defaultBodySerializer } from 'openapi-fetch';
import { APIConnectionError, APITimeoutError, APIUserAbortError, AssistantApiError } from '../errors.js';
import {
  type BackoffOptions,
  isRetryableStatus,
  maxRetryAfterMs,
  parseRetryAfter,
  retryDelayMs,
  sleep,
} from './backoff.js';
import type { CallHeaders } from './call-headers.js';

/** Where the SDK reports retries. `console` fits; so do pino and most loggers. */
export interface Logger {
  warn(message: string, details?: Record<string, unknown>): void;
}

/** The global `fetch`'s signature: what an injected `fetch` must accept. */
export type FetchLike = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

export interface CallPolicy {
  fetch: FetchLike | undefined;
  maxRetries: number;
  timeoutMs: number;
  backoff: BackoffOptions;
  logger: Logger | undefined;
  /** The headers resource methods send (the raw client's come from openapi-fetch and its middleware). */
  headers: CallHeaders;
  random?: () => number;
}

/**
 * A resource method's request: URL, method and JSON text, not a `Request`. `fetch` builds its own
 * Request from them, so an attempt constructs one Request instead of two. The headers are the SDK's
 * (see call-headers.ts), with `content-type: application/json` when there is a body.
 */
export class PlannedRequest {
  constructor(
    readonly method: string,
    readonly url: string,
    readonly body: string | null,
  ) {}
}

type OutgoingRequest = Request | PlannedRequest;

/** What a call hands openapi-fetch, and `release()` for when its body has been read. */
export interface PreparedCall {
  fetch: (request: OutgoingRequest) => Promise<Response>;
  /** openapi-fetch's default serialisation, keeping a text body for retries. */
  bodySerializer: (body: unknown, headers?: Headers) => unknown;
  /** Turns a failure while reading the answer's body into the SDK's error for it. */
  bodyError(error: unknown): AssistantApiError;
  release(): void;
}

/** What sets a resource method's call apart from a raw client's. */
export interface ResourceCall {
  /** The call's own headers (`RequestOptions.headers`), over the client's. */
  headers: Record<string, string> | undefined;
  /**
   * The attempt's timeout keeps running after the response headers until `release()`, so a server
   * that sends headers and then stalls cannot hang a call whose whole body is read at once.
   * Streams leave it off: an answer may stream for longer than the timeout.
   */
  timeoutCoversBody: boolean;
}

/**
 * `resource` for resource methods, which send a PlannedRequest. Without it (the raw client),
 * openapi-fetch builds the Request, headers, middleware and body included, so middleware sees what
 * is sent; its JSON body text, kept by `bodySerializer`, goes to fetch with each attempt, so undici
 * does not pipe the Request's body stream (the costliest step of a POST) and nothing is cloned.
 */
export function prepareCall(
  policy: CallPolicy,
  callerSignal: AbortSignal | undefined,
  resource?: ResourceCall,
): PreparedCall {
  const timeoutCoversBody = resource?.timeoutCoversBody ?? false;
  let pendingTimer: ReturnType<typeof setTimeout> | undefined;
  let timedOut = false;
  let controller = new AbortController();
  const forward = () => controller.abort(callerSignal?.reason);
  callerSignal?.addEventListener('abort', forward, { once: true });
  if (callerSignal?.aborted) forward();
  let serialised: string | undefined;

  async function fetchWithRetries(first: OutgoingRequest): Promise<Response> {
    const injected = policy.fetch;
    const planned = first instanceof PlannedRequest;
    let headers = planned ? policy.headers.build(resource?.headers, first.body !== null) : undefined;
    if (headers instanceof Promise) headers = await headers;
    // A planned request's body is text: nothing to clone.
    const spare =
      first instanceof Request && serialised === undefined && first.body !== null && policy.maxRetries > 0
        ? first.clone()
        : undefined;
    for (let attempt = 0; ; attempt++) {
      if (callerSignal?.aborted) throw new APIUserAbortError();
      if (attempt > 0) controller = new AbortController();
      const input = planned ? first.url : attempt > 0 && spare ? spare.clone() : (first as Request);
      const init: RequestInit = planned
        ? { method: first.method, headers, body: first.body, signal: controller.signal }
        : { signal: controller.signal };
      // Given the text (also on the first attempt), undici need not pipe the body of openapi-fetch's
      // Request through a TransformStream.
      if (serialised !== undefined) init.body = serialised;
      const attemptController = controller;
      timedOut = false;
      const timer = setTimeout(() => {
        timedOut = true;
        attemptController.abort(new APITimeoutError());
      }, policy.timeoutMs);

      let response: Response | undefined;
      let failure: APIConnectionError | undefined;
      try {
        // globalThis.fetch is looked up per attempt, so a fetch polyfilled after the client was made counts.
        response = await (injected ? injected(input, init) : globalThis.fetch(input, init));
      } catch (cause) {
        if (callerSignal?.aborted) throw new APIUserAbortError();
        failure = timedOut ? new APITimeoutError() : new APIConnectionError(undefined, cause);
      } finally {
        if (timeoutCoversBody && response) pendingTimer = timer;
        else clearTimeout(timer);
      }

      if (response && (response.ok || !isRetryableStatus(response.status))) return response;
      const retryAfter = response ? parseRetryAfter(response.headers) : undefined;
      const retry =
        attempt < policy.maxRetries && (retryAfter === undefined || retryAfter <= maxRetryAfterMs);
      if (!retry) {
        if (failure) throw failure;
        return response as Response;
      }

      clearTimeout(pendingTimer);
      await response?.body?.cancel().catch(() => {});
      const delayMs = retryDelayMs(attempt, retryAfter, policy.backoff, policy.random);
      policy.logger?.warn('Retrying request', {
        method: first.method,
        url: first.url,
        attempt: attempt + 1,
        reason: failure ? failure.message : `status ${response?.status}`,
        delayMs,
      });
      try {
        await sleep(delayMs, callerSignal ?? new AbortController().signal);
      } catch {
        throw new APIUserAbortError();
      }
    }
  }

  return {
    fetch: fetchWithRetries,
    bodySerializer: (body, headers) => {
      // Typed with one parameter, but it reads the headers (form bodies) when given them.
      const serialize = defaultBodySerializer as (body: unknown, headers?: Headers) => unknown;
      const serialisedBody = serialize(body, headers);
      if (typeof serialisedBody === 'string') serialised = serialisedBody;
      return serialisedBody;
    },
    bodyError(error) {
      if (error instanceof AssistantApiError) return error;
      if (callerSignal?.aborted) return new APIUserAbortError();
      if (timedOut) return new APITimeoutError();
      if (error instanceof SyntaxError) {
        return new AssistantApiError(undefined, `The response body is not valid JSON: ${error.message}`, {
          cause: error,
        });
      }
      return new APIConnectionError('Connection error while reading the response.', error);
    },
    release: () => {
      clearTimeout(pendingTimer);
      callerSignal?.removeEventListener('abort', forward);
    },
  };
}
