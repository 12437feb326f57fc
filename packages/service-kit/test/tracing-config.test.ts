/** When OpenTelemetry tracing is on, from the standard OTEL_* variables the server and gateway share. */
import { describe, expect, it } from 'vitest';
import { toTracingConfig, tracingEnvSchema } from '../src/index.js';

describe('tracing configuration (OTEL_*)', () => {
  const configOf = (env: Record<string, string>) =>
    toTracingConfig(tracingEnvSchema.parse(env), 'svc').tracing;

  it('is off unless OTEL_* variables ask for it, and off when they say so', () => {
    expect(configOf({})).toBeUndefined();
    expect(
      configOf({ OTEL_TRACES_EXPORTER: 'none', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318' }),
    ).toBeUndefined();
    expect(configOf({ OTEL_SDK_DISABLED: 'true', OTEL_TRACES_EXPORTER: 'otlp' })).toBeUndefined();
    expect(configOf({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318/' })).toEqual({
      exporter: 'otlp',
      url: 'http://c:4318/v1/traces',
      protocol: 'http/protobuf',
      batchDelayMs: 5000,
      maxQueueSize: 2048,
      serviceName: 'svc',
    });
    expect(configOf({ OTEL_TRACES_EXPORTER: 'otlp', OTEL_BSP_MAX_QUEUE_SIZE: '100' })?.maxQueueSize).toBe(
      100,
    );
    expect(configOf({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://c:4318/traces' })?.url).toBe(
      'http://c:4318/traces',
    );
    expect(configOf({ OTEL_TRACES_EXPORTER: 'console' })?.exporter).toBe('console');
    expect(
      configOf({
        OTEL_TRACES_EXPORTER: 'otlp',
        OTEL_TRACES_SAMPLER: 'parentbased_traceidratio',
        OTEL_TRACES_SAMPLER_ARG: '0.25',
      })?.sampler,
    ).toEqual({ name: 'parentbased_traceidratio', ratio: 0.25 });
    expect(() => configOf({ OTEL_TRACES_SAMPLER: 'sometimes' })).toThrow();
  });

  it('sends protobuf unless a protocol variable asks for JSON, the traces’ own variable first', () => {
    const endpoint = { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318' };
    expect(configOf({ ...endpoint, OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json' })?.protocol).toBe('http/json');
    expect(
      configOf({
        ...endpoint,
        OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
        OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: 'http/protobuf',
      })?.protocol,
    ).toBe('http/protobuf');
    // gRPC needs a transport the services do not carry: refused at start-up, not ignored.
    expect(() => configOf({ ...endpoint, OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc' })).toThrow();
  });
});
