/**
 * What every resource method shares: the request planned from the contract's path and method, sent
 * through the call's attempts, the success envelope unwrapped to its `data`, and any other answer
 * thrown as a typed error.
 *
 * Resource methods fill in path parameters and read the answer as openapi-fetch does, but skip its
 * request pipeline (header merging, middleware, Request options): they use none of it, and it cost
 * about 5% of a call's throughput against a local server. `client.raw` keeps the whole of it.
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
  /** Milliseconds each attempt may take (see the client option of the same name). */
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

type Method = 'GET' | 'PUT' | 'POST' | 'DELETE' | 'PATCH';
type Operation<P extends keyof paths, M extends Method> = paths[P][Lowercase<M> & keyof paths[P]];
type JsonOf<Response> = Response extends { content: { 'application/json': infer Body } } ? Body : never;
type SuccessBody<Op> = Op extends { responses: infer Responses }
  ? JsonOf<Responses[Extract<keyof Responses, 200 | 201>]>
  : never;
/** The `data` of an operation's success envelope. */
type DataOf<Op> = SuccessBody<Op> extends { data: infer Data } ? Data : never;
type PathParamsOf<Op> = Op extends { parameters: { path: infer Params } } ? Params : never;
type BodyOf<Op> = Op extends { requestBody: { content: { 'application/json': infer Body } } } ? Body : never;

/** One request of a resource method, typed by the contract's operation at `path` and `method`. */
export interface ApiRequest<P extends keyof paths, M extends Method> {
  method: M;
  path: P;
  params?: PathParamsOf<Operation<P, M>>;
  body?: BodyOf<Operation<P, M>>;
}

export interface CallContext {
  /** The request URL: the client's base URL and `path` with its parameters filled in. */
  url(path: string, pathParams: Record<string, unknown> | undefined): string;
  /**
   * Sets up one call's attempts with the client's settings and this call's overrides.
   * `timeoutCoversBody` for calls that read the whole body at once (not streams).
   */
  prepare(options: RequestOptions | undefined, timeoutCoversBody?: boolean): PreparedCall;
}

/** Plans a resource method's request: its URL, method and JSON body text. */
export function plan<P extends keyof paths, M extends Method>(
  context: CallContext,
  request: ApiRequest<P, M>,
): PlannedRequest {
  const url = context.url(request.path, request.params as Record<string, unknown> | undefined);
  return new PlannedRequest(
    request.method,
    url,
    request.body === undefined ? null : JSON.stringify(request.body),
  );
}

/**
 * An answer's body as openapi-fetch reads it: nothing for an empty body (204, `content-length: 0`),
 * JSON otherwise; an error body that is not JSON is kept as text.
 */
export async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  if (response.ok) return JSON.parse(text);
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export function apiError(response: Response, body: unknown): AssistantApiError {
  return errorFromResponse(response.status, body, response.headers);
}

/** A call's unwrapped `data` and the response it came from. */
export interface Sent<T> {
  data: T;
  response: Response;
}

export async function send<P extends keyof paths, M extends Method>(
  context: CallContext,
  options: RequestOptions | undefined,
  request: ApiRequest<P, M>,
): Promise<Sent<DataOf<Operation<P, M>>>> {
  // Planned first: a body JSON cannot write (a BigInt, a cycle) throws its own TypeError.
  const planned = plan(context, request);
  const prepared = context.prepare(options, true);
  try {
    const response = await prepared.fetch(planned);
    const body = (await readBody(response)) as { data: DataOf<Operation<P, M>> } | undefined;
    if (!response.ok || body === undefined) throw apiError(response, body);
    return { data: body.data, response };
  } catch (error) {
    // Reading the body can fail after the headers: a reset, the timeout, the caller's abort, bad JSON.
    throw prepared.bodyError(error);
  } finally {
    // The body has been read by now: the caller's signal has nothing left to cancel.
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
