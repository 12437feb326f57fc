/**
 * What every resource method shares: per-call options turned into openapi-fetch options, the success
 * envelope unwrapped to its `data`, and any other answer thrown as a typed error.
 */
import type { paths } from '@assistant-platform/types';
import type { Client } from 'openapi-fetch';
import type { AssistantApiError } from '../errors.js';
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

/** The openapi-fetch per-request options a call passes through. */
export interface CallInit {
  fetch: (request: Request) => Promise<Response>;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

export type RawClient = Client<paths, 'application/json'>;

export interface CallContext {
  raw: RawClient;
  /** The resilient fetch with this call's overrides applied. */
  fetchFor(options: RequestOptions | undefined): (request: Request) => Promise<Response>;
}

export function callInit(context: CallContext, options: RequestOptions | undefined): CallInit {
  return {
    fetch: context.fetchFor(options),
    ...(options?.signal ? { signal: options.signal } : {}),
    ...(options?.headers ? { headers: options.headers } : {}),
  };
}

export function apiError(response: Response, body: unknown): AssistantApiError {
  return errorFromResponse(response.status, body, response.headers);
}

export async function send<T>(
  context: CallContext,
  options: RequestOptions | undefined,
  run: (init: CallInit) => Promise<{ data?: { data: T }; error?: unknown; response: Response }>,
): Promise<WithResponse<T>> {
  const { data, error, response } = await run(callInit(context, options));
  if (!response.ok || data === undefined) throw apiError(response, error);
  return { data: data.data, response, requestId: response.headers.get('x-request-id') ?? undefined };
}

export function apiMethod<Args extends unknown[], T>(
  withResponse: (...args: Args) => Promise<WithResponse<T>>,
): ApiMethod<Args, T> {
  const method = async (...args: Args) => (await withResponse(...args)).data;
  return Object.assign(method, { withResponse });
}
