/**
 * The export thread of a service's tracing (span-recorder.ts starts it): OpenTelemetry's batch
 * processor and OTLP/HTTP exporter, protobuf or JSON (the exporter reads OTEL_EXPORTER_OTLP_HEADERS
 * and the like itself), or its console exporter. Encoding spans and sending them is most of what
 * tracing costs, so it happens here, beside the service's event loop rather than on it.
 *
 * It takes batches of spans (span-batch.ts), turns each into the span the exporter reads (`ReadableSpan`)
 * and hands it to the batch processor, which keeps at most `maxQueueSize` spans and drops the rest
 * when the receiver cannot keep up; each batch is acknowledged at once, so the event loop's own
 * count of spans on their way stays bounded too.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { HrTime, SpanContext } from '@opentelemetry/api';
import { addHrTimes, millisToHrTime, TraceState } from '@opentelemetry/core';
import { OTLPTraceExporter as OtlpJsonExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { OTLPTraceExporter as OtlpProtobufExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { resourceFromAttributes } from '@opentelemetry/resources';
import {
  BatchSpanProcessor,
  ConsoleSpanExporter,
  type ReadableSpan,
  type SpanExporter,
} from '@opentelemetry/sdk-trace-base';
import {
  type ExporterSetup,
  type FromExporter,
  type ReadSpan,
  readSpans,
  type ToExporter,
} from './span-batch.js';

const setup = workerData as ExporterSetup;
const port = parentPort;
if (port === null) throw new Error('span-export-worker runs as a worker thread');

function exporterOf({ exporter, url, protocol }: ExporterSetup): SpanExporter {
  if (exporter === 'console') return new ConsoleSpanExporter();
  const options = url === undefined ? {} : { url };
  return protocol === 'http/json' ? new OtlpJsonExporter(options) : new OtlpProtobufExporter(options);
}

const processor = new BatchSpanProcessor(exporterOf(setup), {
  scheduledDelayMillis: setup.batchDelayMs,
  maxQueueSize: setup.maxQueueSize,
  maxExportBatchSize: Math.min(512, setup.maxQueueSize),
});
const resource = resourceFromAttributes({
  'service.name': setup.serviceName,
  'service.version': setup.version,
});
const instrumentationScope = { name: setup.serviceName, version: setup.version };
const origin = millisToHrTime(setup.timeOrigin);
/** The recording thread's clock read as time since the epoch, as OpenTelemetry's own `hrTime()` does. */
const timeOf = (ms: number): HrTime => addHrTimes(origin, millisToHrTime(ms));
/** Attribute names by number, as the recording thread numbered them. */
const names: string[] = [];

const NO_LINKS: ReadableSpan['links'] = [];
const NO_EVENTS: ReadableSpan['events'] = [];

/** A span's status, shared by every span of that code. */
const STATUS_OF: readonly ReadableSpan['status'][] = [0, 1, 2].map((code) => Object.freeze({ code }));

/**
 * A span read from a batch as the exporter reads spans: every field made once, as it is read. The
 * exporter's serializer reads each span twice (once to size the message, once to write it) and
 * some fields several times a pass; a getter making its object on every read made the export
 * thread's garbage several times over (bench/tracing-cost.mjs prints its CPU time a request).
 */
class ExportedSpan implements ReadableSpan {
  readonly ended = true;
  readonly links = NO_LINKS;
  readonly events = NO_EVENTS;
  readonly resource = resource;
  readonly instrumentationScope = instrumentationScope;
  readonly droppedAttributesCount = 0;
  readonly droppedEventsCount = 0;
  readonly droppedLinksCount = 0;
  readonly name: string;
  readonly kind: ReadSpan['kind'];
  readonly attributes: ReadSpan['attributes'];
  readonly status: ReadableSpan['status'];
  readonly startTime: HrTime;
  readonly endTime: HrTime;
  readonly duration: HrTime;
  readonly parentSpanContext: SpanContext | undefined;
  readonly #context: SpanContext;

  constructor(read: ReadSpan) {
    const { traceId, spanId, parentSpanId, traceFlags, traceState } = read;
    this.name = read.name;
    this.kind = read.kind;
    this.attributes = read.attributes;
    this.status = STATUS_OF[read.statusCode] ?? { code: read.statusCode };
    this.startTime = timeOf(read.startMs);
    this.endTime = timeOf(read.endMs);
    this.duration = millisToHrTime(read.endMs - read.startMs);
    this.#context =
      traceState === ''
        ? { traceId, spanId, traceFlags }
        : { traceId, spanId, traceFlags, traceState: new TraceState(traceState) };
    this.parentSpanContext =
      parentSpanId === ''
        ? undefined
        : { traceId, spanId: parentSpanId, traceFlags, isRemote: read.remoteParent };
  }

  spanContext(): SpanContext {
    return this.#context;
  }
}

port.on('message', (message: ToExporter) => {
  if (message.type === 'shutdown') {
    void processor.shutdown().finally(() => port.postMessage({ type: 'closed' } satisfies FromExporter));
    return;
  }
  names.push(...message.names);
  for (const span of readSpans(message.bytes, message.length, names)) processor.onEnd(new ExportedSpan(span));
  // Read into strings and numbers: the buffer goes back to be written again.
  port.postMessage({ type: 'taken', count: message.count, bytes: message.bytes } satisfies FromExporter, [
    message.bytes,
  ]);
});
