/**
 * Requests a subscription's event stream by POST, its input as the JSON body, instead of tRPC's GET
 * with the input in the URL's query string.
 *
 * A URL is what access logs, proxies and browser histories keep: `chat.stream`'s input is what an
 * end user wrote, so the gateway takes it only in a body (it refuses the GET). tRPC's server runs a
 * subscription requested by POST when method override is allowed, reading the input from the body
 * as for a mutation; its `httpSubscriptionLink` has no such option, but hands the request to the
 * `eventsource` package's `fetch`, where this moves the input from the URL into the body. The
 * subscription is never resumed (endOnFailureLink ends it on a failure), so the input sent is
 * always the operation's own.
 */
import type { FetchLike } from 'eventsource';

export function postSubscriptionFetch(
  fetchImpl: typeof fetch,
  input: unknown,
  headers: Record<string, string>,
): FetchLike {
  return (url, init) => {
    const target = new URL(url);
    target.searchParams.delete('input');
    return fetchImpl(target, {
      ...init,
      method: 'POST',
      headers: { ...init.headers, ...headers, 'content-type': 'application/json' },
      // tRPC reads an absent input from an empty body; `undefined` is not JSON.
      ...(input === undefined ? {} : { body: JSON.stringify(input) }),
    });
  };
}
