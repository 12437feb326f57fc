/**
 * OpenTelemetry tracing of the server's requests, loaded (with the SDK) only when OTEL_* variables
 * turn it on (config/tracing-config.ts): a server without them registers no hook and loads none of
 * this.
 *
 * Each request is a SERVER span continuing the caller's W3C `traceparent`/`tracestate` (the SDK's,
 * a gateway's, a browser's), named `METHOD /route` with the HTTP conventions' attributes and the
 * contract's operation id; its stages are child spans (`timed` in server-timing.ts: the token's
 * lookup, the operation's database calls, the engine, under the GenAI conventions' names), and an
 * engine that calls an upstream model server passes the engine span's `traceparent` on. Every log
 * line of the request carries the trace and span ids, its first ("incoming request") included.
 *
 * Spans are exported in batches by the OTLP/HTTP exporter (it reads OTEL_EXPORTER_OTLP_* itself)
 * or written to the console; the provider is this app's own, not the process's global one, so two
 * apps in one process (the tests) never mix their spans, and closing the app flushes what is left.
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
  trace,
} from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import {
  BasicTracerProvider,
  BatchSpanProcessor,
  ConsoleSpanExporter,
  type SpanExporter,
} from '@opentelemetry/sdk-trace-base';
import type { FastifyInstance } from 'fastify';
import type { TracingConfig } from '../../config/tracing-config.js';
import type { SpanAttributes, StageSpan } from './stage-span.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The request's SERVER span while tracing is on. */
    traceSpan: Span | null;
  }
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

function traceparentOf(span: Span): string {
  const { traceId, spanId, traceFlags } = span.spanContext();
  return `00-${traceId}-${spanId}-${traceFlags.toString(16).padStart(2, '0')}`;
}

function exporterOf(config: TracingConfig): SpanExporter {
  return config.exporter === 'console'
    ? new ConsoleSpanExporter()
    : new OTLPTraceExporter(config.url === undefined ? {} : { url: config.url });
}

export function registerRequestTracing(app: FastifyInstance, config: TracingConfig, version: string): void {
  const provider = new BasicTracerProvider({
    resource: resourceFromAttributes({ 'service.name': config.serviceName, 'service.version': version }),
    spanProcessors: [
      new BatchSpanProcessor(exporterOf(config), { scheduledDelayMillis: config.batchDelayMs }),
    ],
  });
  const tracer = provider.getTracer('@assistant-platform/server', version);
  const propagator = new W3CTraceContextPropagator();

  app.decorateRequest('traceSpan', null);
  // The span starts where Fastify makes the request's logger, before anything is logged of it, so
  // even its "incoming request" line carries the trace id; the route is named once it is known.
  const started = new WeakMap<IncomingMessage, Span>();
  const startSpan = (raw: IncomingMessage) => {
    const parent: Context = propagator.extract(ROOT_CONTEXT, raw.headers, headerGetter);
    const span = tracer.startSpan(raw.method ?? 'HTTP', { kind: SpanKind.SERVER }, parent);
    started.set(raw, span);
    return span;
  };
  app.setChildLoggerFactory((logger, bindings, options, raw) => {
    const { traceId, spanId } = startSpan(raw as IncomingMessage).spanContext();
    return logger.child({ ...bindings, traceId, spanId }, options);
  });
  app.addHook('onRequest', (request, _reply, done) => {
    const span = started.get(request.raw) ?? startSpan(request.raw);
    started.delete(request.raw);
    const route = request.routeOptions.url;
    const { operationId, adminOperationId } = request.routeOptions.config;
    if (route !== undefined) span.updateName(`${request.method} ${route}`);
    span.setAttributes(
      defined({
        'http.request.method': request.method,
        'url.path': request.url.split('?')[0],
        'http.route': route,
        'server.address': request.hostname,
        'client.address': request.ip,
        'user_agent.original': request.headers['user-agent'],
        'assistant_platform.request_id': request.id,
        'assistant_platform.operation_id': operationId ?? adminOperationId,
      }),
    );
    request.traceSpan = span;
    const inRequest = trace.setSpan(ROOT_CONTEXT, span);
    request.traceStage = (stage, name, attributes): StageSpan => {
      const child = tracer.startSpan(
        name ?? stage,
        {
          kind: SpanKind.INTERNAL,
          attributes: defined({ 'assistant_platform.stage': stage, ...attributes }),
        },
        inRequest,
      );
      return {
        traceparent: traceparentOf(child),
        end({ error, attributes: more }) {
          if (more) child.setAttributes(defined(more));
          if (error !== undefined) {
            child.setStatus({ code: SpanStatusCode.ERROR });
            child.setAttribute('error.type', (error as Error)?.name ?? 'Error');
          }
          child.end();
        },
      };
    };
    done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    const span = request.traceSpan;
    request.traceSpan = null;
    if (span) {
      span.setAttribute('http.response.status_code', reply.statusCode);
      if (request.auth) span.setAttribute('assistant_platform.account_id', request.auth.accountId);
      // A server span is an error for the server's own failures (5xx); a client's 4xx is not.
      if (reply.statusCode >= 500) {
        span.setStatus({ code: SpanStatusCode.ERROR });
        span.setAttribute('error.type', String(reply.statusCode));
      }
      span.end();
    }
    done();
  });
  // A client that leaves before its answer still ends its span, so none is kept open.
  app.addHook('onRequestAbort', (request, done) => {
    const span = request.traceSpan;
    request.traceSpan = null;
    if (span) {
      span.setAttribute('error.type', 'client_aborted');
      span.end();
    }
    done();
  });
  app.addHook('onClose', async () => {
    await provider.shutdown();
  });
}
