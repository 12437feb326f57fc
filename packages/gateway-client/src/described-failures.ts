/**
 * Where the client's own failures get their codes (gateway-client-error.ts): a `fetch` that turns
 * a request with no answer into `GATEWAY_UNREACHABLE` and an answer that is neither JSON nor an
 * event stream (a web page, a proxy's error page) into `NOT_A_GATEWAY`, and a link that turns
 * what tRPC could not read as its own (JSON, but no tRPC result or error: another API's envelope)
 * into `NOT_A_GATEWAY` too. The gateway's own errors pass unchanged. A subscription's fetch runs
 * inside the `eventsource` package, whose error event keeps only a message, so its failure is kept
 * for its operation (`SubscriptionFailures`) and the link hands that on instead.
 */
import type { Operation, TRPCClientError, TRPCLink } from '@trpc/client';
import type { AnyRouter } from '@trpc/server';
import { observable } from '@trpc/server/observable';
import { GatewayClientError, notAGateway, unreachable } from './gateway-client-error.js';

const TRPC_MEDIA_TYPES = /^(?:application\/json|text\/event-stream)\b/i;

const urlOf = (input: Parameters<typeof fetch>[0]) =>
  typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;

/** The failures of subscriptions' requests, by operation, for the link to report. */
export type SubscriptionFailures = WeakMap<Operation, unknown>;

/** `fetchImpl`, its failures and its non-tRPC answers described (and told to `onFailure`). */
export function describedFetch(
  fetchImpl: typeof fetch,
  onFailure: (error: unknown) => void = () => undefined,
): typeof fetch {
  return async (input, init) => {
    let response: Response;
    try {
      response = await fetchImpl(input, init);
    } catch (error) {
      const described = unreachable(urlOf(input), error);
      onFailure(described);
      throw described;
    }
    const contentType = response.headers.get('content-type');
    if (!TRPC_MEDIA_TYPES.test(contentType ?? '')) {
      await response.body?.cancel().catch(() => undefined);
      const described = notAGateway(urlOf(input), response.status, contentType);
      onFailure(described);
      throw described;
    }
    return response;
  };
}

/** The error of an answer tRPC could not read as its own, described; any other as it came. */
function described(error: TRPCClientError<AnyRouter>): TRPCClientError<AnyRouter> {
  if (error instanceof GatewayClientError || error.shape !== undefined) return error;
  const response = (error.meta as { response?: Response } | undefined)?.response;
  if (response === undefined) return error;
  const described = notAGateway(response.url, response.status, response.headers.get('content-type'));
  described.meta = error.meta;
  return described;
}

/** A link that describes what tRPC could not read, before it reaches the caller. */
export function describeFailuresLink<TRouter extends AnyRouter>(
  subscriptionFailures: SubscriptionFailures,
): TRPCLink<TRouter> {
  return () =>
    ({ op, next }) =>
      observable((observer) => {
        const subscription = next(op).subscribe({
          next: (envelope) => observer.next(envelope),
          error: (error) => {
            const kept = subscriptionFailures.get(op);
            observer.error((kept instanceof GatewayClientError ? kept : described(error)) as typeof error);
          },
          complete: () => observer.complete(),
        });
        return () => subscription.unsubscribe();
      });
}
