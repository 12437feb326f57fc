/**
 * A resource method's two forms: called, it resolves to the `data` of the success envelope; called
 * through `.withResponse()`, to that data, the HTTP response and its request id. Any other answer is
 * thrown as the typed error of its status.
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

/** A resource method: call it for the data, or `.withResponse(...)` for data, response and request id. */
export type ApiMethod<Args extends unknown[], T> = ((...args: Args) => Promise<T>) & {
  withResponse(...args: Args): Promise<WithResponse<T>>;
};

/** What an openapi-fetch call resolves to, for an operation whose success envelope carries `data`. */
interface FetchResult<T> {
  data?: { data: T };
  error?: unknown;
  response: Response;
}

/** The answer's typed error: a non-2xx status, or a 2xx without a body (204, `content-length: 0`). */
export function answerError({ error, response }: { error?: unknown; response: Response }): AssistantApiError {
  return errorFromResponse(response.status, error, response.headers);
}

/** The envelope's `data`, or the answer's typed error. */
function dataOf<T>(result: FetchResult<T>): T {
  if (result.data === undefined || !result.response.ok) throw answerError(result);
  return result.data.data;
}

/** `send` makes the openapi-fetch call; only `withResponse` reads the request id. */
export function apiMethod<Args extends unknown[], T>(
  send: (...args: Args) => Promise<FetchResult<T>>,
): ApiMethod<Args, T> {
  const method = async (...args: Args): Promise<T> => dataOf(await send(...args));
  const withResponse = async (...args: Args): Promise<WithResponse<T>> => {
    const result = await send(...args);
    const { response } = result;
    return { data: dataOf(result), response, requestId: response.headers.get('x-request-id') ?? undefined };
  };
  return Object.assign(method, { withResponse });
}
