/**
 * The tRPC client product teams use: queries and mutations made in the same turn of the event loop
 * batched into one HTTP request (a lone call sent at once, see lone-or-batch-link.ts), subscriptions
 * over SSE requested by POST (see post-subscription-fetch.ts), and the bearer token sent as a header
 * on both (never in a URL). The buffered batch link, not the streaming one: it answered ~1-2 ms
 * sooner per call in bench/gateway-overhead.mjs, and mutations and queries are batched apart anyway.
 * A failure that is not the gateway's answer reaches the caller as a `GatewayClientError` with a
 * code (described-failures.ts).
 */

import type { AppRouter } from '@assistant-platform/gateway';
import { createTRPCClient, httpBatchLink, httpLink, httpSubscriptionLink, splitLink } from '@trpc/client';
import { EventSource } from 'eventsource';
import { describedFetch, describeFailuresLink, type SubscriptionFailures } from './described-failures.js';
import { endOnFailureLink } from './end-on-failure-link.js';
import { loneOrBatchLink } from './lone-or-batch-link.js';
import { postSubscriptionFetch } from './post-subscription-fetch.js';
import { activeTraceHeaders } from './trace-headers.js';

export interface GatewayClientOptions {
  /** The gateway's URL, e.g. `http://127.0.0.1:4020` (`/trpc` is added when missing). */
  url: string;
  /** The platform token, or a function returning it (called for every request). */
  token: string | (() => string | Promise<string>);
  /**
   * Extra headers for every request, e.g. your own `x-request-id`. The active OpenTelemetry
   * context's `traceparent` is sent too when `@opentelemetry/api` is installed (yours wins).
   */
  headers?: Record<string, string> | (() => Record<string, string> | Promise<Record<string, string>>);
  /** The `fetch` to use (defaults to the global one). */
  fetch?: typeof fetch;
  /**
   * Send calls made in the same turn of the event loop as one HTTP request (default true); a call
   * made alone goes at once. `false` sends one request per call.
   */
  batch?: boolean;
}

export type GatewayClient = ReturnType<typeof createTRPCClient<AppRouter>>;

export function createGatewayClient(options: GatewayClientOptions): GatewayClient {
  const url = trpcUrl(options.url);
  // Lazily, so a `fetch` installed after the client was made is the one used.
  const rawFetch: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const fetchImpl = describedFetch(rawFetch);
  const subscriptionFailures: SubscriptionFailures = new WeakMap();

  async function requestHeaders(): Promise<Record<string, string>> {
    const token = typeof options.token === 'function' ? await options.token() : options.token;
    const extra = typeof options.headers === 'function' ? await options.headers() : options.headers;
    return { ...activeTraceHeaders(), ...extra, authorization: `Bearer ${token}` };
  }

  return createTRPCClient<AppRouter>({
    links: [
      describeFailuresLink<AppRouter>(subscriptionFailures),
      splitLink({
        condition: (op) => op.type === 'subscription',
        true: [
          endOnFailureLink<AppRouter>(),
          httpSubscriptionLink({
            url,
            EventSource,
            // The `eventsource` package takes a fetch, unlike a browser's EventSource: through it the
            // stream is requested by POST, with the headers and the input in the body.
            eventSourceOptions: async ({ op }) => ({
              fetch: postSubscriptionFetch(
                describedFetch(rawFetch, (error) => subscriptionFailures.set(op, error)),
                op.input,
                await requestHeaders(),
              ),
            }),
          }),
        ],
        false:
          options.batch === false
            ? httpLink({ url, fetch: fetchImpl, headers: requestHeaders })
            : loneOrBatchLink({
                lone: httpLink({ url, fetch: fetchImpl, headers: requestHeaders }),
                batch: httpBatchLink({
                  url,
                  fetch: fetchImpl,
                  headers: requestHeaders,
                  // Batched queries travel in the URL; stay under Node's default 16 KiB header limit.
                  maxURLLength: 14_000,
                }),
              }),
      }),
    ],
  });
}

function trpcUrl(url: string): string {
  const trimmed = url.replace(/\/+$/, '');
  return trimmed.endsWith('/trpc') ? trimmed : `${trimmed}/trpc`;
}
