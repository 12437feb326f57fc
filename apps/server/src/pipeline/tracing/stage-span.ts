/**
 * What the pipeline's stages see of tracing, without loading OpenTelemetry: a request may carry a
 * `traceStage` function (set when OTEL_* variables turn tracing on, see app.ts; null otherwise),
 * which `timed` (server-timing.ts) calls to wrap a stage in a span.
 */
import type { EngineCallOptions } from '@assistant-platform/engines/types';
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

/**
 * What an engine call takes from its stage's span: the `traceparent` an upstream model server
 * gets, and the phases of work sent to a worker thread, recorded under the engine's span as
 * `engine queue` (waiting for a thread, in the account's turn) and `engine worker` (the thread's
 * run, the answer's way back included). Nothing while tracing is off.
 */
export function engineTracing(
  span: StageSpan | undefined,
): Pick<EngineCallOptions, 'traceparent' | 'onPooledTask'> {
  if (span === undefined) return {};
  return {
    traceparent: span.traceparent,
    onPooledTask({ queuedAt, startedAt, endedAt }) {
      span.phase('engine queue', queuedAt, startedAt ?? endedAt);
      if (startedAt !== undefined) span.phase('engine worker', startedAt, endedAt);
    },
  };
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
