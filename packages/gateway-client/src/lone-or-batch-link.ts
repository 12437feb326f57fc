/**
 * Sends a call made alone in its turn of the event loop at once, and calls made together in that
 * turn as one batch.
 *
 * tRPC's `httpBatchLink` waits for a timer before every request to collect the calls to batch
 * (`setTimeout`: at least 1 ms in Node, often 2), so a lone call, the usual case in a Node service,
 * pays that wait for nothing (bench/gateway-overhead.mjs: about 2 ms per call). This link collects
 * the calls of one turn instead (`setImmediate`, which runs as soon as the current turn is done;
 * browsers, which lack it, get a zero timeout as with tRPC) and hands a lone one to `lone`
 * (`httpLink`) and several to `batch` (`httpBatchLink`), which sends them in one request.
 */
import type { Operation, TRPCLink } from '@trpc/client';
import type { AnyRouter } from '@trpc/server';
import { observable, type Unsubscribable } from '@trpc/server/observable';

const afterThisTurn: (callback: () => void) => void =
  typeof setImmediate === 'function'
    ? (callback) => setImmediate(callback)
    : (callback) => setTimeout(callback, 0);

export function loneOrBatchLink<TRouter extends AnyRouter>(links: {
  lone: TRPCLink<TRouter>;
  batch: TRPCLink<TRouter>;
}): TRPCLink<TRouter> {
  return (runtime) => {
    const lone = links.lone(runtime);
    const batch = links.batch(runtime);
    type OperationLink = typeof lone;
    interface Waiting {
      cancelled: boolean;
      aborted(): boolean;
      start(link: OperationLink): void;
    }
    let waiting: Waiting[] = [];

    function sendThisTurn() {
      const calls = waiting.filter((call) => !call.cancelled);
      waiting = [];
      // A call whose signal already aborted goes alone (its link rejects it without a request) and
      // does not count: in a batch it would be sent anyway, as a batch is cancelled only as a whole.
      const live = calls.filter((call) => !call.aborted());
      for (const call of calls) call.start(call.aborted() || live.length === 1 ? lone : batch);
    }

    return ({ op, next }) =>
      observable((observer) => {
        let sent: Unsubscribable | undefined;
        const call: Waiting = {
          cancelled: false,
          aborted: () => op.signal?.aborted ?? false,
          start(link) {
            sent = link({ op: op as Operation, next }).subscribe(observer);
          },
        };
        if (waiting.length === 0) afterThisTurn(sendThisTurn);
        waiting.push(call);
        return () => {
          call.cancelled = true;
          sent?.unsubscribe();
        };
      });
  };
}
