/**
 * W3C trace context for every call, when the application traces with OpenTelemetry: the SDK asks
 * `@opentelemetry/api` (an optional peer dependency) to inject the active context, which sends
 * `traceparent` (and `tracestate`) when a span is active, so the platform's spans continue the
 * application's trace. Without the package, or with no propagator registered, nothing is added; a
 * `traceparent` the caller set itself is kept.
 *
 * The package is imported once, when this module loads, and used only once it has loaded: a call
 * never waits for it, so the SDK's timing is the same with or without it (a test's fake timers
 * included); a call made in the first moments after the SDK loads goes without trace context. The
 * specifier is not a literal, so a bundler does not demand the optional package; where it cannot
 * be imported (a browser without it), there is no trace context.
 */
interface TraceApi {
  context: { active(): unknown };
  propagation: { inject(context: unknown, carrier: Record<string, string>): void };
}

const OPTIONAL_PEER = '@opentelemetry/api';
let api: TraceApi | undefined;
/** Settles once the package has loaded, or is known to be absent: what a test waits for. */
export const traceApiSettled: Promise<void> = import(
  /* @vite-ignore */ /* webpackIgnore: true */ OPTIONAL_PEER
).then(
  (loaded: TraceApi) => {
    api = loaded;
  },
  () => undefined,
);

/** Adds the active context's `traceparent` (and `tracestate`) to `request`, unless it has one. */
export function addTraceContext(request: Request): void {
  if (api === undefined || request.headers.has('traceparent')) return;
  const carrier: Record<string, string> = {};
  api.propagation.inject(api.context.active(), carrier);
  for (const name in carrier) request.headers.set(name, carrier[name] as string);
}
