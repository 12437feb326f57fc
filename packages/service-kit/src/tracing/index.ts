/**
 * `@assistant-platform/service-kit/tracing`: OpenTelemetry tracing of a service's requests. Its
 * own entry, imported only when OTEL_* variables turn tracing on, so OpenTelemetry's SDK is never
 * loaded otherwise.
 */
export type { ChildSpan, SpanAttributes } from './open-span.js';
export {
  type RequestTracing,
  type RequestTracingOptions,
  registerRequestTracing,
} from './request-tracing.js';
