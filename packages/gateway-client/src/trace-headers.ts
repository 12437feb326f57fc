/**
 * W3C trace context for every gateway call, when the application traces with OpenTelemetry: the
 * client asks `@opentelemetry/api` (an optional peer dependency, loaded once on first use) to inject
 * the active context, which gives `traceparent` (and `tracestate`) while a span is active, so the
 * gateway's and the platform's spans continue the application's trace. Without the package, or
 * with no propagator registered, there are none.
 */
interface TraceApi {
  context: { active(): unknown };
  propagation: { inject(context: unknown, carrier: Record<string, string>): void };
}

let api: Promise<TraceApi | undefined> | undefined;

export async function activeTraceHeaders(): Promise<Record<string, string>> {
  api ??= import('@opentelemetry/api').then(
    (loaded) => loaded as unknown as TraceApi,
    () => undefined,
  );
  const otel = await api;
  const carrier: Record<string, string> = {};
  otel?.propagation.inject(otel.context.active(), carrier);
  return carrier;
}
