/**
 * `@assistant-platform/service-kit/tracing`: OpenTelemetry tracing of a service's requests. Its
 * own entry, imported only when OTEL_* variables turn tracing on, so OpenTelemetry's SDK is never
 * loaded otherwise.
 */
export {
  type ChildSpan,
  type RequestTracingOptions,
  registerRequestTracing,
  type SpanAttributes,
} from './request-tracing.js';
