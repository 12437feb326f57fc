/**
 * A resource method's three forms: called, it resolves to the `data` of the success envelope;
 * through `.withResponse()`, to that data, the HTTP response and its request id; through
 * `.asResponse()` (as openai-node's), to the HTTP response alone, its body not read. Any other
 * answer is thrown as the typed error of its status.
 */
import type { AssistantApiError } from '../errors.js';
import { errorFromResponse } from './error-from-response.js';

/** A method's result together with the HTTP response it came from. */
export interface WithResponse<T> {
  data: T;
  response: Response;
  /** The `x-request-id` the server answered with. */
  requestId: string | undefined;
}

/**
 * A resource method: call it for the data, `.withResponse(...)` for data, response and request id,
 * or `.asResponse(...)` for the raw `Response` as soon as its headers arrive (the body is yours to
 * read; a non-2xx answer still throws its typed error).
 */
export type ApiMethod<Args extends unknown[], T> = ((...args: Args) => Promise<T>) & {
  withResponse(...args: Args): Promise<WithResponse<T>>;
  asResponse(...args: Args): Promise<Response>;
};

/** What an openapi-fetch call resolves to, for an operation whose success envelope carries `data`. */
interface FetchResult<T> {
  data?: { data: T };
  error?: unknown;
  response: Response;
}

/** openapi-fetch options a method adds to its call: `parseAs: 'stream'` leaves the body unread. */
export type CallExtra = { parseAs?: 'stream' };

const UNREAD: CallExtra = { parseAs: 'stream' };
const PARSED: CallExtra = {};

/** The answer's typed error: a non-2xx status, or a 2xx without a body (204, `content-length: 0`). */
export function answerError({ error, response }: { error?: unknown; response: Response }): AssistantApiError {
  return errorFromResponse(response.status, error, response.headers);
}

/** The envelope's `data`, or the answer's typed error. */
function dataOf<T>(result: FetchResult<T>): T {
  if (result.data === undefined || !result.response.ok) throw answerError(result);
  return result.data.data;
}

/** `send` makes the openapi-fetch call with `extra` among its options; only `withResponse` reads the request id. */
export function apiMethod<Args extends unknown[], T>(
  send: (extra: CallExtra, ...args: Args) => Promise<FetchResult<T>>,
): ApiMethod<Args, T> {
  const method = async (...args: Args): Promise<T> => dataOf(await send(PARSED, ...args));
  const withResponse = async (...args: Args): Promise<WithResponse<T>> => {
    const result = await send(PARSED, ...args);
    const { response } = result;
    return { data: dataOf(result), response, requestId: response.headers.get('x-request-id') ?? undefined };
  };
  const asResponse = async (...args: Args): Promise<Response> => {
    const result = await send(UNREAD, ...args);
    if (!result.response.ok) throw answerError(result);
    return result.response;
  };
  return Object.assign(method, { withResponse, asResponse });
}
