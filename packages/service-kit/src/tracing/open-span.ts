/**
 * A recorded span while it is open, and the child spans a service makes under a request's: plain
 * objects with their methods on the prototype, so a span costs its fields and nothing else. They
 * are handed to the recorder as they are when they end (span-batch.ts reads their fields).
 */
import { SpanKind, SpanStatusCode } from '@opentelemetry/api';
import type { AttributeValue, FinishedSpan } from './span-batch.js';
import type { SpanIds } from './span-ids.js';
import type { SpanRecorder } from './span-recorder.js';

/** Span attribute values as OpenTelemetry takes them; undefined ones are left out. */
export type SpanAttributes = Record<string, AttributeValue | undefined>;

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
  setAttribute(key: string, value: AttributeValue | undefined): void;
  end(outcome?: { error?: unknown; attributes?: SpanAttributes }): void;
}

export const traceparentOf = (traceId: string, spanId: string, sampled: boolean) =>
  `00-${traceId}-${spanId}-${sampled ? '01' : '00'}`;

export class OpenSpan implements FinishedSpan {
  readonly attributes: (number | AttributeValue)[] = [];
  endMs = 0;
  statusCode: number = SpanStatusCode.UNSET;

  constructor(
    readonly recorder: SpanRecorder,
    readonly traceId: string,
    readonly spanId: string,
    readonly parentSpanId: string,
    readonly remoteParent: boolean,
    readonly traceState: string,
    public name: string,
    readonly kind: SpanKind,
    readonly startMs: number,
    readonly traceFlags = 1,
  ) {}

  set(key: string, value: AttributeValue | undefined): void {
    if (value !== undefined) this.attributes.push(this.recorder.nameOf(key), value);
  }

  setAll(attributes: SpanAttributes | undefined): void {
    if (attributes) for (const key in attributes) this.set(key, attributes[key]);
  }

  failed(type: string): void {
    this.statusCode = SpanStatusCode.ERROR;
    this.set('error.type', type);
  }

  /** Ends the span now (or at `endMs`) and hands it to the recorder. */
  finish(endMs = performance.now()): void {
    this.endMs = endMs;
    this.recorder.add(this);
  }
}

/** A recorded child span: the span itself, offering what a service needs of it. */
export class RecordedChild extends OpenSpan implements ChildSpan {
  readonly #ids: SpanIds;
  #traceparent: string | undefined;

  constructor(parent: OpenSpan, ids: SpanIds, name: string, attributes: SpanAttributes | undefined) {
    super(
      parent.recorder,
      parent.traceId,
      ids.generateSpanId(),
      parent.spanId,
      false,
      parent.traceState,
      name,
      SpanKind.INTERNAL,
      performance.now(),
    );
    this.#ids = ids;
    this.setAll(attributes);
  }

  // Made when asked for: most stages pass nothing on.
  get traceparent(): string {
    this.#traceparent ??= traceparentOf(this.traceId, this.spanId, true);
    return this.#traceparent;
  }

  phase(name: string, startMs: number, endMs: number, attributes?: SpanAttributes): void {
    const phase = new OpenSpan(
      this.recorder,
      this.traceId,
      this.#ids.generateSpanId(),
      this.spanId,
      false,
      this.traceState,
      name,
      SpanKind.INTERNAL,
      startMs,
    );
    phase.setAll(attributes);
    phase.finish(endMs);
  }

  setAttribute(key: string, value: AttributeValue | undefined): void {
    this.set(key, value);
  }

  end({ error, attributes }: { error?: unknown; attributes?: SpanAttributes } = {}): void {
    this.setAll(attributes);
    if (error !== undefined) this.failed((error as Error | null)?.name ?? 'Error');
    this.finish();
  }
}

/** A child of a request the sampler left out: it records nothing and passes `traceparent` on unsampled. */
export class UnrecordedChild implements ChildSpan {
  constructor(readonly traceparent: string) {}
  phase(): void {}
  setAttribute(): void {}
  end(): void {}
}
