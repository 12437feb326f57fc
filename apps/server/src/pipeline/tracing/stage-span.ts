/**
 * What the pipeline's stages see of tracing, without loading OpenTelemetry: a request may carry a
 * `traceStage` function (set when OTEL_* variables turn tracing on, see app.ts; null otherwise),
 * which `timed` (server-timing.ts) calls to wrap a stage in a span.
 */
import type { ChildSpan, SpanAttributes } from '@assistant-platform/service-kit/tracing';

export type { SpanAttributes };

/** The stages `timed` measures: the token's lookup, the operation's database calls, the engine. */
export type TimedStage = 'auth' | 'db' | 'engine';
export type StageSpan = ChildSpan;

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
