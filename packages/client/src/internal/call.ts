/**
 * What every resource method shares: per-call options turned into openapi-fetch options, the success
 * envelope unwrapped to its `data`, and any other answer thrown as a typed error.
 */
import type { paths } from '@assistant-platform/types';
import type { Client } from 'openapi-fetch';
import type { AssistantApiError } from '../errors.js';
import { PlannedRequest, type PreparedCall } from './attempts.js';
import { errorFromResponse } from './error-from-response.js';

/** Options every method accepts as its last argument; they override the client's for that call. */
export interface RequestOptions {
  /** Aborts the call, including retries and the waits between them. */
  signal?: AbortSignal;
  /** Milliseconds each attempt may wait for the response headers. */
  timeoutMs?: number;
  /** Retries after the first attempt (0 disables retrying). */
  maxRetries?: number;
  /** Extra headers, e.g. your own `x-request-id`. */
  headers?: Record<string, string>;
}

/** A method's result together with the HTTP response it came from. */
export interface WithResponse<T> {
  data: T;
  response: Response;
  /** The `x-request-id` the server answered with. */
  requestId: string | undefined;
}

/** A resource method: call it for the data, or `.withResponse(...)` for data, response and request id. */
export type ApiMethod<Args extends unknown[], T> = ((...args: Args) => Promise<T>) & {
  withResponse(...args: Args): Promise<WithResponse<T>>;
};

export type RawClient = Client<paths, 'application/json'>;

/** The openapi-fetch per-request options of one call. */
export interface CallInit {
  fetch: PreparedCall['fetch'];
  bodySerializer: PreparedCall['bodySerializer'];
  /** openapi-fetch builds this instead of a `Request` (see PlannedRequest). */
  Request: typeof Request;
}

export interface CallContext {
  /** The openapi-fetch client of resource methods: no headers or per-call wiring (`prepare` adds them). */
  inner: RawClient;
  /**
   * Sets up one call's attempts with the client's settings and this call's overrides.
   * `timeoutCoversBody` for calls that read the whole body at once (not streams).
   */
  prepare(options: RequestOptions | undefined, timeoutCoversBody?: boolean): PreparedCall;
}

export function callInit(prepared: PreparedCall): CallInit {
  const { fetch, bodySerializer } = prepared;
  return { fetch, bodySerializer, Request: PlannedRequest as unknown as typeof Request };
}

export function apiError(response: Response, body: unknown): AssistantApiError {
  return errorFromResponse(response.status, body, response.headers);
}

/** A call's unwrapped `data` and the response it came from. */
export interface Sent<T> {
  data: T;
  response: Response;
}

export async function send<T>(
  context: CallContext,
  options: RequestOptions | undefined,
  run: (init: CallInit) => Promise<{ data?: { data: T }; error?: unknown; response: Response }>,
): Promise<Sent<T>> {
  const prepared = context.prepare(options, true);
  try {
    const { data, error, response } = await run(callInit(prepared));
    if (!response.ok || data === undefined) throw apiError(response, error);
    return { data: data.data, response };
  } catch (error) {
    // Reading the body can fail after the headers: a reset, the timeout, the caller's abort, bad JSON.
    throw prepared.bodyError(error);
  } finally {
    // openapi-fetch has read the body by now: the caller's signal has nothing left to cancel.
    prepared.release();
  }
}

/** The plain form resolves to the data alone; only `withResponse` reads the request id. */
export function apiMethod<Args extends unknown[], T>(
  run: (...args: Args) => Promise<Sent<T>>,
): ApiMethod<Args, T> {
  const method = async (...args: Args) => (await run(...args)).data;
  const withResponse = async (...args: Args): Promise<WithResponse<T>> => {
    const { data, response } = await run(...args);
    return { data, response, requestId: response.headers.get('x-request-id') ?? undefined };
  };
  return Object.assign(method, { withResponse });
}
