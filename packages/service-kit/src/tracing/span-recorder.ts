/**
 * The event loop's side of span export: finished spans are written into a batch (span-batch.ts)
 * that is handed to the export thread (span-export-worker.ts) every few milliseconds or every few
 * hundred spans, whichever comes first.
 *
 * Bounded: at most `maxQueueSize` spans are on their way (gathered, or posted and not yet taken by
 * the export thread); past that, spans are dropped and counted, and a warning says so at most once
 * a minute. An export thread that fails is reported once, and tracing stops recording: the
 * service goes on.
 */
import { Worker } from 'node:worker_threads';
import {
  type ExporterSetup,
  type FinishedSpan,
  type FromExporter,
  SpanWriter,
  type ToExporter,
} from './span-batch.js';

/** Spans gathered before a post is made at once. */
const POST_AT = 256;
/** The longest a finished span waits on the event loop before it is posted. */
const MAX_POST_DELAY_MS = 50;
/** How long closing waits for the export thread to send what it holds (an export's own timeout is 10 s). */
const CLOSE_TIMEOUT_MS = 15_000;
const DROP_WARNING_INTERVAL_MS = 60_000;
/** Buffers kept for reuse: a batch being written, one on its way, one being read, and a margin. */
const SPARE_BUFFERS = 4;

export interface SpanRecorderOptions {
  setup: Omit<ExporterSetup, 'timeOrigin'>;
  /** The export thread's module (span-export-worker.js). */
  workerUrl: URL;
  /** How the recorder reports spans it had to drop, or an export thread that failed. */
  warn(details: Record<string, unknown>, message: string): void;
}

export class SpanRecorder {
  readonly #worker: Worker;
  readonly #options: SpanRecorderOptions;
  readonly #postDelayMs: number;
  /** Attribute names by their number in the records; those not yet sent to the export thread. */
  readonly #names = new Map<string, number>();
  #newNames: string[] = [];
  readonly #batch = new SpanWriter();
  /** Buffers the export thread handed back, for the next batches. */
  readonly #spare: ArrayBuffer[] = [];
  /** Spans in the batch being written. */
  #gathered = 0;
  /** Spans posted that the export thread has not yet taken. */
  #posted = 0;
  #dropped = 0;
  #warnedAt = Number.NEGATIVE_INFINITY;
  #timer: NodeJS.Timeout | undefined;
  /** Set when the export thread failed or the recorder closed: nothing more is recorded. */
  #stopped = false;
  #closed: (() => void) | undefined;

  constructor(options: SpanRecorderOptions) {
    this.#options = options;
    this.#postDelayMs = Math.min(options.setup.batchDelayMs, MAX_POST_DELAY_MS);
    this.#worker = new Worker(options.workerUrl, {
      workerData: { ...options.setup, timeOrigin: performance.timeOrigin } satisfies ExporterSetup,
    });
    // Tracing never keeps a service's process alive; closing the app flushes what is left.
    this.#worker.unref();
    this.#worker.on('message', (message: FromExporter) => {
      if (message.type === 'taken') {
        this.#posted -= message.count;
        if (this.#spare.length < SPARE_BUFFERS) this.#spare.push(message.bytes);
      } else this.#closed?.();
    });
    this.#worker.on('error', (error) => this.#fail(error));
    this.#worker.on('exit', () => {
      this.#closed?.();
      if (!this.#stopped) this.#fail(new Error('the span export thread exited'));
    });
  }

  /** The number that stands for attribute `name` in a record. */
  nameOf(name: string): number {
    let number = this.#names.get(name);
    if (number === undefined) {
      number = this.#names.size;
      this.#names.set(name, number);
      this.#newNames.push(name);
    }
    return number;
  }

  /** Queues a finished span for export; drops it when too many are on their way already. */
  add(span: FinishedSpan): void {
    if (this.#stopped) return;
    if (this.#gathered + this.#posted >= this.#options.setup.maxQueueSize) {
      this.#dropped++;
      this.#warnOfDrops();
      return;
    }
    this.#batch.write(span);
    this.#gathered++;
    if (this.#gathered >= POST_AT) this.#post();
    else this.#timer ??= setTimeout(() => this.#post(), this.#postDelayMs).unref();
  }

  /** Sends what is gathered, waits (boundedly) for the export thread to export it, and stops it. */
  async close(): Promise<void> {
    if (this.#stopped) return;
    this.#post();
    this.#stopped = true;
    const closed = new Promise<void>((resolve) => {
      this.#closed = resolve;
    });
    this.#send({ type: 'shutdown' });
    const timeout = new Promise<void>((resolve) => setTimeout(resolve, CLOSE_TIMEOUT_MS).unref());
    await Promise.race([closed, timeout]);
    await this.#worker.terminate();
  }

  #post(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    if (this.#gathered === 0) return;
    const count = this.#gathered;
    const length = this.#batch.length;
    const bytes = this.#batch.take(this.#spare.pop());
    this.#gathered = 0;
    this.#posted += count;
    this.#send({ type: 'spans', names: this.#newNames, bytes, length, count }, [bytes]);
    this.#newNames = [];
  }

  #send(message: ToExporter, transfer: ArrayBuffer[] = []): void {
    this.#worker.postMessage(message, transfer);
  }

  #warnOfDrops(): void {
    const now = performance.now();
    if (now - this.#warnedAt < DROP_WARNING_INTERVAL_MS) return;
    this.#warnedAt = now;
    this.#options.warn(
      { droppedSpans: this.#dropped },
      'tracing: spans dropped, more finished than the export thread could take',
    );
  }

  #fail(error: Error): void {
    if (this.#stopped) return;
    this.#stopped = true;
    clearTimeout(this.#timer);
    this.#options.warn({ err: error }, 'tracing: the span export thread failed; no more spans are recorded');
  }
}
