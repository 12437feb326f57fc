/**
 * The headers of a resource method's request: the client's headers, its token and the call's own
 * headers, in that order of precedence (a `getToken()` token wins over everything).
 *
 * Resource methods build these themselves instead of handing them to openapi-fetch: the client's
 * part is merged once, when the client is made, into `Headers` that every call without headers of
 * its own reuses as they are (`fetch` copies them, nothing writes to them). Merging them again on
 * every call was one of the larger shares of the SDK's own cost per request.
 */
export interface CallHeaders {
  /** The client's headers and fixed token, merged once (the raw client sends them too). */
  readonly client: Headers;
  /** The headers for one call; `jsonBody` adds `content-type: application/json` unless the call set one. */
  build(callHeaders: Record<string, string> | undefined, jsonBody: boolean): Headers | Promise<Headers>;
}

export function callHeaders(
  clientHeaders: Record<string, string> | undefined,
  token: string | undefined,
  getToken: (() => string | Promise<string>) | undefined,
): CallHeaders {
  const plain = new Headers(clientHeaders);
  if (token !== undefined) plain.set('authorization', `Bearer ${token}`);
  const json = new Headers(plain);
  json.set('content-type', 'application/json');

  function merge(callHeaders: Record<string, string> | undefined, jsonBody: boolean): Headers {
    const headers = new Headers(jsonBody ? json : plain);
    for (const [name, value] of Object.entries(callHeaders ?? {})) headers.set(name, value);
    return headers;
  }

  if (getToken) {
    return {
      client: plain,
      async build(callHeaders, jsonBody) {
        const headers = merge(callHeaders, jsonBody);
        headers.set('authorization', `Bearer ${await getToken()}`);
        return headers;
      },
    };
  }
  return {
    client: plain,
    build: (callHeaders, jsonBody) => (callHeaders ? merge(callHeaders, jsonBody) : jsonBody ? json : plain),
  };
}
