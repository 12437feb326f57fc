/**
 * What the pipeline's stages see of tracing, without loading OpenTelemetry: a request may carry a
 * `traceStage` function (set by request-tracing.ts when OTEL_* variables turn tracing on; null
 * otherwise), which `timed` (server-timing.ts) calls to wrap a stage in a span.
 */
import type { TimedStage } from '../server-timing.js';

/** Span attribute values as OpenTelemetry takes them; undefined ones are left out. */
export type SpanAttributes = Record<string, string | number | boolean | string[] | undefined>;

export interface StageSpan {
  /** The W3C `traceparent` naming this span, for a call the stage makes (an upstream model server). */
  readonly traceparent: string;
  end(outcome: { error?: unknown; attributes?: SpanAttributes }): void;
}

/** How a stage's span is named and described; the GenAI conventions for the engine's. */
export interface StageDescription<T> {
  name?: string;
  attributes?: SpanAttributes;
  /** What the stage's result adds (a chat's finish reasons). */
  resultAttributes?: (result: T) => SpanAttributes;
}

export type TraceStage = (
  stage: TimedStage,
  name: string | undefined,
  attributes?: SpanAttributes,
) => StageSpan;

declare module 'fastify' {
  interface FastifyRequest {
    /** Starts a stage's span under the request's; null while tracing is off. */
    traceStage: TraceStage | null;
  }
}
