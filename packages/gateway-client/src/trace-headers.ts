/**
 * W3C trace context for every gateway call, when the application traces with OpenTelemetry: the
 * client asks `@opentelemetry/api` (an optional peer dependency) to inject the active context, which
 * gives `traceparent` (and `tracestate`) while a span is active, so the gateway's and the platform's
 * spans continue the application's trace. Without the package, or with no propagator registered,
 * there are none.
 *
 * The package is imported once, when this module loads, and used only once it has loaded, so no
 * call ever waits for it (a test's fake timers included); the specifier is not a literal, so a
 * bundler does not demand the optional package.
 */
interface TraceApi {
  context: { active(): unknown };
  propagation: { inject(context: unknown, carrier: Record<string, string>): void };
}

const OPTIONAL_PEER = '@opentelemetry/api';
let api: TraceApi | undefined;
import(/* @vite-ignore */ /* webpackIgnore: true */ OPTIONAL_PEER).then(
  (loaded: TraceApi) => {
    api = loaded;
  },
  () => undefined,
);

export function activeTraceHeaders(): Record<string, string> {
  const carrier: Record<string, string> = {};
  api?.propagation.inject(api.context.active(), carrier);
  return carrier;
}
