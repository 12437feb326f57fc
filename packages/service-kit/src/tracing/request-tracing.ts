/**
 * OpenTelemetry tracing of a Fastify service's requests (the reference server's and the
 * gateway's), loaded with the SDK only when OTEL_* variables turn it on (tracing-config.ts): the
 * services import `@assistant-platform/service-kit/tracing` only then, so one without them
 * registers no hook and loads none of this.
 *
 * Each request is a SERVER span continuing the caller's W3C `traceparent`/`tracestate` (the SDK's,
 * the gateway client's, a browser's), named `METHOD /route` with the HTTP conventions' attributes;
 * the service adds its own (`describe`, `answered`) and makes child spans of it (the returned
 * `child`) whose `traceparent` it passes on to the calls it makes. The span starts where Fastify
 * makes the request's logger, so every log line of the request, "incoming request" included,
 * carries its `traceId` and `spanId`. Only the service's own failures (5xx) mark it an error.
 *
 * The event loop only decides (OpenTelemetry's samplers) and records: ids, times and attributes are
 * written into batches (span-batch.ts) that a thread of the app's own turns into OpenTelemetry's
 * spans and exports (span-recorder.ts, span-export-worker.ts). The SDK's tracer making and encoding
 * spans on the event loop was most of what tracing cost a request (bench/tracing-cost.mjs prints
 * the event loop's time per request).
 * Each app has its own recorder and thread, so two apps in one process (the tests) never mix their
 * spans; closing the app flushes what is left.
 */
import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import {
  type Context,
  ROOT_CONTEXT,
  type SpanContext,
  SpanKind,
  type TextMapGetter,
  trace,
} from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import {
  AlwaysOffSampler,
  AlwaysOnSampler,
  ParentBasedSampler,
  type Sampler,
  SamplingDecision,
  TraceIdRatioBasedSampler,
} from '@opentelemetry/sdk-trace-base';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  type ChildSpan,
  OpenSpan,
  RecordedChild,
  type SpanAttributes,
  traceparentOf,
  UnrecordedChild,
} from './open-span.js';
import { SpanIds } from './span-ids.js';
import { SpanRecorder } from './span-recorder.js';
import type { SamplerName, TracingConfig } from './tracing-config.js';

export interface RequestTracingOptions {
  /** The service's version, with the configuration's service name on every span. */
  version: string;
  /** The request span's own attributes (read as the request ends). */
  describe?(request: FastifyRequest): SpanAttributes;
  /** What the answer adds (who the caller turned out to be). */
  answered?(request: FastifyRequest): SpanAttributes;
  /**
   * Where the export thread's module is: beside this one by default (span-export-worker.js), as
   * in this package's build and in a bundle that makes it an entry of that name.
   */
  exportWorkerUrl?: URL;
}

const headerGetter: TextMapGetter<IncomingHttpHeaders> = {
  keys: (headers) => Object.keys(headers),
  get: (headers, key) => headers[key],
};

/** The sampler OTEL_TRACES_SAMPLER names, as OpenTelemetry's SDKs build it from the variable. */
function samplerOf({ name, ratio }: { name: SamplerName; ratio: number }): Sampler {
  let root: Sampler;
  if (name.endsWith('always_on')) root = new AlwaysOnSampler();
  else if (name.endsWith('always_off')) root = new AlwaysOffSampler();
  else root = new TraceIdRatioBasedSampler(ratio);
  return name.startsWith('parentbased_') ? new ParentBasedSampler({ root }) : root;
}

/** What a request without a span (one that already ended) gets: nothing passed on, nothing recorded. */
const NO_SPAN: ChildSpan = new UnrecordedChild('');

/** What a service makes its requests' child spans with (none while tracing is off). */
export interface RequestTracing {
  /** A span under `request`'s, started now; ended by the caller. */
  child(request: FastifyRequest, name: string, attributes?: SpanAttributes): ChildSpan;
}

/** A request's span: recorded, or only its ids when the sampler left its trace out. */
interface RequestSpan {
  /** Made only for a trace that is recorded. */
  recorded: OpenSpan | undefined;
  traceId: string;
  spanId: string;
  /** What an unrecorded request's stages share: its `traceparent`, passed on unsampled. */
  unrecorded?: ChildSpan;
}

export function registerRequestTracing(
  app: FastifyInstance,
  config: TracingConfig,
  options: RequestTracingOptions,
): RequestTracing {
  const recorder = new SpanRecorder({
    setup: { ...config, version: options.version },
    workerUrl: options.exportWorkerUrl ?? new URL('./span-export-worker.js', import.meta.url),
    warn: (details, message) => app.log.warn(details, message),
  });
  const sampler = config.sampler === undefined ? undefined : samplerOf(config.sampler);
  const ids = new SpanIds();
  const propagator = new W3CTraceContextPropagator();
  // Each request's span rides on its Node request under a symbol of this app's: a WeakMap entry for
  // every request costs more to make and to collect than a property.
  const SPAN = Symbol('request span');
  type Traced = IncomingMessage & { [SPAN]?: RequestSpan | undefined };

  /** The caller's span, from a valid `traceparent` (and its `tracestate`). */
  const callerOf = (raw: IncomingMessage): SpanContext | undefined => {
    if (raw.headers.traceparent === undefined) return undefined;
    return trace.getSpanContext(propagator.extract(ROOT_CONTEXT, raw.headers, headerGetter));
  };
  /** OpenTelemetry's default without a sampler set: the caller's decision, else every trace. */
  const sampledFor = (caller: SpanContext | undefined, traceId: string, name: string) => {
    if (sampler === undefined) return caller === undefined || (caller.traceFlags & 1) === 1;
    const parent: Context = caller === undefined ? ROOT_CONTEXT : trace.setSpanContext(ROOT_CONTEXT, caller);
    return (
      sampler.shouldSample(parent, traceId, name, SpanKind.SERVER, {}, []).decision ===
      SamplingDecision.RECORD_AND_SAMPLED
    );
  };

  const startSpan = (raw: IncomingMessage): RequestSpan => {
    const caller = callerOf(raw);
    const traceId = caller?.traceId ?? ids.generateTraceId();
    const spanId = ids.generateSpanId();
    const name = raw.method ?? 'HTTP';
    const recorded = sampledFor(caller, traceId, name)
      ? new OpenSpan(
          recorder,
          traceId,
          spanId,
          caller?.spanId ?? '',
          caller !== undefined,
          caller?.traceState?.serialize() ?? '',
          name,
          SpanKind.SERVER,
          performance.now(),
        )
      : undefined;
    const span: RequestSpan = { recorded, traceId, spanId };
    (raw as Traced)[SPAN] = span;
    return span;
  };

  app.setChildLoggerFactory((logger, bindings, loggerOptions, raw) => {
    const { traceId, spanId } = startSpan(raw as IncomingMessage);
    // Added to Fastify's own bindings object: a spread copy of it made pino's child a fifth slower
    // to create (bench/tracing-cost.mjs).
    const withTrace = bindings as typeof bindings & { traceId: string; spanId: string };
    withTrace.traceId = traceId;
    withTrace.spanId = spanId;
    return logger.child(withTrace, loggerOptions);
  });
  const end = (request: FastifyRequest, status: number | undefined) => {
    const raw = request.raw as Traced;
    const span = raw[SPAN];
    if (span === undefined) return;
    raw[SPAN] = undefined;
    // A span the sampler left out keeps nothing: its attributes are not even made.
    const { recorded } = span;
    if (recorded === undefined) return;
    // All described as the request ends: its route, its caller and its outcome are known, and
    // the request pays for one hook of tracing's instead of two.
    const route = request.routeOptions.url;
    if (route !== undefined) recorded.name = `${request.method} ${route}`;
    recorded.set('http.request.method', request.method);
    const query = request.url.indexOf('?');
    recorded.set('url.path', query === -1 ? request.url : request.url.slice(0, query));
    recorded.set('http.route', route);
    recorded.set('server.address', request.hostname);
    recorded.set('client.address', request.ip);
    recorded.set('user_agent.original', request.headers['user-agent']);
    recorded.setAll(options.describe?.(request));
    recorded.setAll(options.answered?.(request));
    if (status === undefined) recorded.set('error.type', 'client_aborted');
    else {
      recorded.set('http.response.status_code', status);
      if (status >= 500) recorded.failed(String(status));
    }
    recorded.finish();
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
    await recorder.close();
  });
  return {
    child(request, name, attributes) {
      const span = (request.raw as Traced)[SPAN];
      if (span === undefined) return NO_SPAN;
      if (span.recorded !== undefined) return new RecordedChild(span.recorded, ids, name, attributes);
      // A trace the sampler left out records nothing: its stages share one span that does
      // nothing but pass the request's `traceparent` on (with its sampled flag off).
      span.unrecorded ??= new UnrecordedChild(traceparentOf(span.traceId, span.spanId, false));
      return span.unrecorded;
    },
  };
}
