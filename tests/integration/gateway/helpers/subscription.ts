/** Runs a tRPC subscription to its end and gives back what a caller's callbacks saw. */

import type { AppRouter } from '@assistant-platform/gateway';
import type { TRPCClientError } from '@trpc/client';

export interface SubscriptionOutcome<T> {
  data: T[];
  error: TRPCClientError<AppRouter> | undefined;
}

type Subscribe<T> = (opts: {
  onData: (value: T) => void;
  onError: (error: TRPCClientError<AppRouter>) => void;
  onComplete: () => void;
}) => { unsubscribe(): void };

export function collect<T>(subscribe: Subscribe<T>): Promise<SubscriptionOutcome<T>> {
  return new Promise((resolve) => {
    const data: T[] = [];
    const subscription = subscribe({
      onData: (value) => data.push(value),
      onError: (error) => {
        subscription.unsubscribe();
        resolve({ data, error });
      },
      onComplete: () => resolve({ data, error: undefined }),
    });
  });
}
