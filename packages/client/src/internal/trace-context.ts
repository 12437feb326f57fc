/**
 * W3C trace context for every call, when the application traces with OpenTelemetry: the SDK asks
 * `@opentelemetry/api` (an optional peer dependency, loaded once on first use) to inject the active
 * context, which sends `traceparent` (and `tracestate`) when a span is active, so the platform's
 * spans continue the application's trace. Without the package, or with no propagator registered,
 * nothing is added; a `traceparent` the caller set itself is kept.
 */
import type { Middleware } from 'openapi-fetch';

interface TraceApi {
  context: { active(): unknown };
  propagation: { inject(context: unknown, carrier: Record<string, string>): void };
}

let api: Promise<TraceApi | undefined> | undefined;

/** `@opentelemetry/api`, or undefined where it is not installed. */
function traceApi(): Promise<TraceApi | undefined> {
  api ??= import('@opentelemetry/api').then(
    (loaded) => loaded as unknown as TraceApi,
    () => undefined,
  );
  return api;
}

export function traceContextMiddleware(): Middleware {
  return {
    async onRequest({ request }) {
      if (request.headers.has('traceparent')) return;
      const otel = await traceApi();
      if (otel === undefined) return;
      const carrier: Record<string, string> = {};
      otel.propagation.inject(otel.context.active(), carrier);
      for (const [name, value] of Object.entries(carrier)) request.headers.set(name, value);
    },
  };
}
