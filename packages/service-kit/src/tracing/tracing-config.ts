/**
 * OpenTelemetry tracing of the server and the gateway, configured by the standard `OTEL_*`
 * variables (the same for both) and off unless they ask for it: `OTEL_TRACES_EXPORTER=otlp` (or
 * `console`), or an OTLP endpoint (`OTEL_EXPORTER_OTLP_ENDPOINT`,
 * `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT`); `OTEL_SDK_DISABLED=true` or `OTEL_TRACES_EXPORTER=none`
 * turns it off whatever else is set. The endpoint, the batch delay (`OTEL_BSP_SCHEDULE_DELAY`), the
 * export queue's size (`OTEL_BSP_MAX_QUEUE_SIZE`), the sampler (`OTEL_TRACES_SAMPLER`,
 * `OTEL_TRACES_SAMPLER_ARG`) and the protocol
 * (`OTEL_EXPORTER_OTLP_TRACES_PROTOCOL`, `OTEL_EXPORTER_OTLP_PROTOCOL`: `http/protobuf`, the
 * specification's default, or `http/json`) are read here, so a configuration given in code (the
 * tests') applies; the exporter reads the rest of its variables itself (headers, timeout). What
 * users write never goes into a span.
 */
import * as z from 'zod/mini';
import { envInteger, envText } from '../env-schema.js';

export interface TracingConfig {
  exporter: 'otlp' | 'console';
  /** Where OTLP/HTTP spans go: OTEL_EXPORTER_OTLP_TRACES_ENDPOINT, or OTEL_EXPORTER_OTLP_ENDPOINT's /v1/traces. */
  url?: string;
  /** How OTLP spans are encoded; protobuf costs about half of JSON's time and bytes a span. */
  protocol: OtlpProtocol;
  /** OTEL_BSP_SCHEDULE_DELAY: milliseconds between two batches of spans (the SDK's default, 5000). */
  batchDelayMs: number;
  /** OTEL_BSP_MAX_QUEUE_SIZE: the most spans kept waiting for export; more are dropped (the SDK's default, 2048). */
  maxQueueSize: number;
  serviceName: string;
  /**
   * OTEL_TRACES_SAMPLER and its OTEL_TRACES_SAMPLER_ARG (the ratio of the `traceidratio` ones):
   * which traces are recorded. By default every trace a caller did not mark unsampled.
   */
  sampler?: { name: SamplerName; ratio: number };
}

export const SAMPLERS = [
  'always_on',
  'always_off',
  'traceidratio',
  'parentbased_always_on',
  'parentbased_always_off',
  'parentbased_traceidratio',
] as const;
export type SamplerName = (typeof SAMPLERS)[number];

/** The OTLP protocols spans can be sent with; `grpc` needs a transport this package does not carry. */
export const OTLP_PROTOCOLS = ['http/protobuf', 'http/json'] as const;
export type OtlpProtocol = (typeof OTLP_PROTOCOLS)[number];

const flag = z.pipe(
  z.optional(z.enum(['true', 'false', 'TRUE', 'FALSE', 'True', 'False'])),
  z.transform((value) => value?.toLowerCase() === 'true'),
);

export const tracingEnvSchema = z.object({
  OTEL_SDK_DISABLED: flag,
  OTEL_TRACES_EXPORTER: z.optional(z.enum(['otlp', 'console', 'none'])),
  OTEL_EXPORTER_OTLP_ENDPOINT: envText,
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: envText,
  OTEL_SERVICE_NAME: envText,
  OTEL_BSP_SCHEDULE_DELAY: envInteger({ min: 1, max: 600_000, fallback: 5000 }),
  OTEL_BSP_MAX_QUEUE_SIZE: envInteger({ min: 1, max: 1_000_000, fallback: 2048 }),
  OTEL_TRACES_SAMPLER: z.optional(z.enum(SAMPLERS)),
  OTEL_TRACES_SAMPLER_ARG: z._default(z.coerce.number().check(z.minimum(0), z.maximum(1)), 1),
  OTEL_EXPORTER_OTLP_PROTOCOL: z.optional(z.enum(OTLP_PROTOCOLS)),
  OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: z.optional(z.enum(OTLP_PROTOCOLS)),
});

export function toTracingConfig(
  e: z.output<typeof tracingEnvSchema>,
  defaultServiceName: string,
): { tracing?: TracingConfig } {
  if (e.OTEL_SDK_DISABLED || e.OTEL_TRACES_EXPORTER === 'none') return {};
  const endpoint = e.OTEL_EXPORTER_OTLP_ENDPOINT ?? e.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT;
  const exporter = e.OTEL_TRACES_EXPORTER ?? (endpoint === undefined ? undefined : 'otlp');
  if (exporter === undefined) return {};
  const url =
    e.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ??
    (e.OTEL_EXPORTER_OTLP_ENDPOINT === undefined
      ? undefined
      : `${e.OTEL_EXPORTER_OTLP_ENDPOINT.replace(/\/+$/, '')}/v1/traces`);
  return {
    tracing: {
      exporter,
      ...(url === undefined ? {} : { url }),
      protocol: e.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL ?? e.OTEL_EXPORTER_OTLP_PROTOCOL ?? 'http/protobuf',
      batchDelayMs: e.OTEL_BSP_SCHEDULE_DELAY,
      maxQueueSize: e.OTEL_BSP_MAX_QUEUE_SIZE,
      serviceName: e.OTEL_SERVICE_NAME ?? defaultServiceName,
      ...(e.OTEL_TRACES_SAMPLER === undefined
        ? {}
        : { sampler: { name: e.OTEL_TRACES_SAMPLER, ratio: e.OTEL_TRACES_SAMPLER_ARG } }),
    },
  };
}
