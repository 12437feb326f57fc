/**
 * A link for subscriptions that ends one on its first failure instead of reconnecting.
 *
 * tRPC's SSE link treats INTERNAL_SERVER_ERROR (and a dropped connection) as transient and
 * reconnects, which re-runs the subscription from the start. For `chat.stream` that would send the
 * chat again and replay its chunks after the ones already received, so the gateway's client turns
 * the failure into the subscription's `onError` and stops. Retrying is then the caller's choice.
 */

import type { TRPCLink } from '@trpc/client';
import type { AnyRouter } from '@trpc/server';
import { observable } from '@trpc/server/observable';

export function endOnFailureLink<TRouter extends AnyRouter>(): TRPCLink<TRouter> {
  return () =>
    ({ op, next }) =>
      observable((observer) => {
        const subscription = next(op).subscribe({
          next(envelope) {
            const result = envelope.result;
            if (
              'type' in result &&
              result.type === 'state' &&
              result.state === 'connecting' &&
              result.error
            ) {
              observer.error(result.error);
              return;
            }
            observer.next(envelope);
          },
          error: (error) => observer.error(error),
          complete: () => observer.complete(),
        });
        return () => subscription.unsubscribe();
      });
}
