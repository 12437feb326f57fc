/**
 * `client.raw`: the openapi-fetch client with each call wired like the resource methods (timeout,
 * retries, the caller's `signal`), keeping openapi-fetch's `{ data, error, response }` results.
 */
import type { PreparedCall } from './attempts.js';
import type { RawClient } from './call.js';

const methods = ['GET', 'PUT', 'POST', 'DELETE', 'OPTIONS', 'HEAD', 'PATCH', 'TRACE'] as const;

type Init = { signal?: AbortSignal | null; parseAs?: string; [key: string]: unknown } | undefined;
type AnyCall = (...args: unknown[]) => Promise<unknown>;

export function wrapRawClient(inner: RawClient, prepare: (signal: AbortSignal | undefined) => PreparedCall) {
  async function run(init: Init, call: (init: Record<string, unknown>) => Promise<unknown>) {
    const prepared = prepare(init?.signal ?? undefined);
    const { fetch, bodySerializer } = prepared;
    try {
      // The caller's signal reaches each attempt through `fetch`, not through openapi-fetch's Request.
      return await call({ bodySerializer, ...init, fetch, signal: undefined });
    } finally {
      // A streamed body is read after we return; the caller's signal must still reach it.
      if (init?.parseAs !== 'stream') prepared.release();
    }
  }
  const wrapped: Record<string, unknown> = { ...inner };
  for (const method of methods) {
    const original = inner[method] as AnyCall;
    wrapped[method] = (url: unknown, init: Init) => run(init, (merged) => original(url, merged));
  }
  const request = inner.request as AnyCall;
  wrapped.request = (method: unknown, url: unknown, init: Init) =>
    run(init, (merged) => request(method, url, merged));
  return wrapped as unknown as RawClient;
}
