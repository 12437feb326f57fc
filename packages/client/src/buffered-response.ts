/**
 * Answers a custom `fetch` has already read whole. The SDK reads the answer of a call that returns
 * data whole within its attempt, so that a body cut off midway is a retryable connection error; an
 * answer whose body is in memory has nothing left to read or to cut, and is taken as it is.
 *
 * The mark is a registered symbol, so an answer made with one copy of the SDK (its CommonJS build,
 * say) is recognised by another.
 */
const BUFFERED = Symbol.for('@assistant-platform/client.buffered-response');

/**
 * A `Response` over a body already in memory, for a custom `fetch` (`ClientOptions.fetch`) that
 * reads each answer whole itself, as a server-side HTTP client often does: the SDK hands it to
 * openapi-fetch as it is, instead of reading its body again into a copy.
 */
export function bufferedResponse(
  body: ArrayBuffer | Uint8Array | string | null,
  init?: ResponseInit,
): Response {
  // `Uint8Array` unparameterised, so the published types read in TypeScript before 5.7 too.
  const response = new Response(body as ConstructorParameters<typeof Response>[0], init);
  Object.defineProperty(response, BUFFERED, { value: true });
  return response;
}

/** Whether `response` was made by `bufferedResponse` (of any copy of the SDK). */
export function isBufferedResponse(response: Response): boolean {
  return (response as Response & { [BUFFERED]?: true })[BUFFERED] === true;
}
