/**
 * OpenTelemetry tracing of a Fastify service's requests (the reference server's and the
 * gateway's), loaded with the SDK only when OTEL_* variables turn it on (tracing-config.ts): the
 * services import `@assistant-platform/service-kit/tracing` only then, so one without them
 * registers no hook and loads none of this.
 *
 * Each request is a SERVER span continuing the caller's W3C `traceparent`/`tracestate` (the SDK's,
 * the gateway client's, a browser's), named `METHOD /route` with the HTTP conventions' attributes;
 * the service adds its own (`describe`, `answered`) and makes child spans of it (`onRequest`'s
 * `child`) whose `traceparent` it passes on to the calls it makes. The span starts where Fastify
 * makes the request's logger, so every log line of the request, "incoming request" included,
 * carries its `traceId` and `spanId`. Only the service's own failures (5xx) mark it an error.
 *
 * Spans are exported in batches by an OTLP/HTTP exporter, protobuf or JSON (it reads
 * OTEL_EXPORTER_OTLP_HEADERS and the like itself), or written to the console. The provider is the app's own, not the process's
 * global one, so two apps in one process (the tests) never mix their spans; closing the app
 * flushes what is left.
 */
import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import {
  type Attributes,
  type Context,
  ROOT_CONTEXT,
  type Span,
  SpanKind,
  SpanStatusCode,
  type TextMapGetter,
  type TextMapSetter,
  trace,
} from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter as OtlpJsonExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { OTLPTraceExporter as OtlpProtobufExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { resourceFromAttributes } from '@opentelemetry/resources';
import {
  AlwaysOffSampler,
  AlwaysOnSampler,
  BasicTracerProvider,
  BatchSpanProcessor,
  ConsoleSpanExporter,
  ParentBasedSampler,
  type Sampler,
  type SpanExporter,
  TraceIdRatioBasedSampler,
} from '@opentelemetry/sdk-trace-base';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SamplerName, TracingConfig } from './tracing-config.js';

/** Span attribute values as OpenTelemetry takes them; undefined ones are left out. */
export type SpanAttributes = Record<string, string | number | boolean | string[] | undefined>;

/** A span a service made under a request's, and what it passes on to the calls made inside it. */
export interface ChildSpan {
  /** The W3C `traceparent` naming this span, for a call made inside it. */
  readonly traceparent: string;
  /**
   * Records a part of this span's work that is already over as a span of its own under this one,
   * from `startMs` to `endMs` (`performance.now()` times): work another thread did, which reports
   * only when it started and ended.
   */
  phase(name: string, startMs: number, endMs: number, attributes?: SpanAttributes): void;
  end(outcome?: { error?: unknown; attributes?: SpanAttributes }): void;
}

export interface RequestTracingOptions {
  /** The service's version, with the configuration's service name on every span. */
  version: string;
  /** The request span's own attributes, once its route is known. */
  describe?(request: FastifyRequest): SpanAttributes;
  /** What the answer adds (who the caller turned out to be). */
  answered?(request: FastifyRequest): SpanAttributes;
  /** Gets each request with the means to make child spans of its span. */
  onRequest?(request: FastifyRequest, child: (name: string, attributes?: SpanAttributes) => ChildSpan): void;
}

const headerGetter: TextMapGetter<IncomingHttpHeaders> = {
  keys: (headers) => Object.keys(headers),
  get: (headers, key) => headers[key],
};

/** Attributes without the undefined ones (OpenTelemetry drops them with a warning). */
function defined(attributes: SpanAttributes | undefined): Attributes {
  const kept: Attributes = {};
  if (attributes)
    for (const [key, value] of Object.entries(attributes)) if (value !== undefined) kept[key] = value;
  return kept;
}

const headerSetter: TextMapSetter<Record<string, string>> = {
  set: (carrier, key, value) => {
    carrier[key] = value;
  },
};

/** The sampler OTEL_TRACES_SAMPLER names, as OpenTelemetry's SDKs build it from the variable. */
function samplerOf({ name, ratio }: { name: SamplerName; ratio: number }): Sampler {
  let root: Sampler;
  if (name.endsWith('always_on')) root = new AlwaysOnSampler();
  else if (name.endsWith('always_off')) root = new AlwaysOffSampler();
  else root = new TraceIdRatioBasedSampler(ratio);
  return name.startsWith('parentbased_') ? new ParentBasedSampler({ root }) : root;
}

function exporterOf(config: TracingConfig): SpanExporter {
  if (config.exporter === 'console') return new ConsoleSpanExporter();
  const options = config.url === undefined ? {} : { url: config.url };
  return config.protocol === 'http/json' ? new OtlpJsonExporter(options) : new OtlpProtobufExporter(options);
}

export function registerRequestTracing(
  app: FastifyInstance,
  config: TracingConfig,
  options: RequestTracingOptions,
): void {
  const provider = new BasicTracerProvider({
    resource: resourceFromAttributes({
      'service.name': config.serviceName,
      'service.version': options.version,
    }),
    spanProcessors: [
      new BatchSpanProcessor(exporterOf(config), { scheduledDelayMillis: config.batchDelayMs }),
    ],
    ...(config.sampler === undefined ? {} : { sampler: samplerOf(config.sampler) }),
  });
  const tracer = provider.getTracer(config.serviceName, options.version);
  const propagator = new W3CTraceContextPropagator();
  /** The W3C `traceparent` naming the span of `context`, as the propagator writes it. */
  const traceparentOf = (context: Context) => {
    const headers: Record<string, string> = {};
    propagator.inject(context, headers, headerSetter);
    return headers.traceparent ?? '';
  };
  const spans = new WeakMap<IncomingMessage, Span>();

  const startSpan = (raw: IncomingMessage) => {
    const parent: Context = propagator.extract(ROOT_CONTEXT, raw.headers, headerGetter);
    const span = tracer.startSpan(raw.method ?? 'HTTP', { kind: SpanKind.SERVER }, parent);
    spans.set(raw, span);
    return span;
  };
  app.setChildLoggerFactory((logger, bindings, loggerOptions, raw) => {
    const { traceId, spanId } = startSpan(raw as IncomingMessage).spanContext();
    // Added to Fastify's own bindings object: a spread copy of it made pino's child a fifth slower
    // to create (bench/tracing-cost.mjs).
    const withTrace = bindings as typeof bindings & { traceId: string; spanId: string };
    withTrace.traceId = traceId;
    withTrace.spanId = spanId;
    return logger.child(withTrace, loggerOptions);
  });
  app.addHook('onRequest', (request, _reply, done) => {
    const span = spans.get(request.raw) ?? startSpan(request.raw);
    const route = request.routeOptions.url;
    // A trace the sampler left out costs its ids only: nothing of it is recorded.
    if (route !== undefined && span.isRecording()) span.updateName(`${request.method} ${route}`);
    if (span.isRecording())
      span.setAttributes(
        defined({
          'http.request.method': request.method,
          'url.path': request.url.split('?')[0],
          'http.route': route,
          'server.address': request.hostname,
          'client.address': request.ip,
          'user_agent.original': request.headers['user-agent'],
          ...options.describe?.(request),
        }),
      );
    const inRequest = trace.setSpan(ROOT_CONTEXT, span);
    // A trace the sampler left out records nothing: its stages share one span that does nothing
    // but pass the request's `traceparent` on (with its sampled flag off), so a request the
    // sampler dropped costs no span, context or header a stage.
    let unrecorded: ChildSpan | undefined;
    options.onRequest?.(request, (name, attributes) => {
      if (!span.isRecording()) {
        let traceparent: string | undefined;
        unrecorded ??= {
          get traceparent() {
            traceparent ??= traceparentOf(inRequest);
            return traceparent;
          },
          phase: () => undefined,
          end: () => undefined,
        };
        return unrecorded;
      }
      const child = tracer.startSpan(
        name,
        { kind: SpanKind.INTERNAL, attributes: defined(attributes) },
        inRequest,
      );
      const inChild = trace.setSpan(ROOT_CONTEXT, child);
      let traceparent: string | undefined;
      return {
        // Made when asked for: most stages pass nothing on.
        get traceparent() {
          traceparent ??= traceparentOf(inChild);
          return traceparent;
        },
        phase(phaseName, startMs, endMs, phaseAttributes) {
          // As times since the epoch: OpenTelemetry would correct a performance.now() time by an
          // offset of each span's own (from Date.now(), to the millisecond), and the two ends of
          // back-to-back phases would no longer meet.
          const { timeOrigin } = performance;
          tracer
            .startSpan(
              phaseName,
              {
                kind: SpanKind.INTERNAL,
                startTime: timeOrigin + startMs,
                attributes: defined(phaseAttributes),
              },
              inChild,
            )
            .end(timeOrigin + endMs);
        },
        end({ error, attributes: more } = {}) {
          if (more) child.setAttributes(defined(more));
          if (error !== undefined) {
            child.setStatus({ code: SpanStatusCode.ERROR });
            child.setAttribute('error.type', (error as Error | null)?.name ?? 'Error');
          }
          child.end();
        },
      };
    });
    done();
  });
  const end = (request: FastifyRequest, status: number | undefined) => {
    const span = spans.get(request.raw);
    if (span === undefined) return;
    spans.delete(request.raw);
    // A span the sampler left out keeps nothing: its attributes are not even made.
    if (!span.isRecording()) return span.end();
    span.setAttributes(defined(options.answered?.(request)));
    if (status === undefined) span.setAttribute('error.type', 'client_aborted');
    else {
      span.setAttribute('http.response.status_code', status);
      if (status >= 500) {
        span.setStatus({ code: SpanStatusCode.ERROR });
        span.setAttribute('error.type', String(status));
      }
    }
    span.end();
  };
  app.addHook('onResponse', (request, reply, done) => {
    end(request, reply.statusCode);
    done();
  });
  // A client that leaves before its answer still ends its span, so none is kept open.
  app.addHook('onRequestAbort', (request, done) => {
    end(request, undefined);
    done();
  });
  app.addHook('onClose', async () => {
    await provider.shutdown();
  });
}
