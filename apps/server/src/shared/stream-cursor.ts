/**
 * Reading a Redis stream newest first a batch at a time, so several (a log's partitions) can be
 * merged by their ids without holding any whole. The log numbers its records and uses the number
 * as the stream id (`N-0`), which orders entries across streams.
 */
import type { SharedRedis } from './shared-redis.js';

const READ_BATCH = 200;

/** A stored record: its JSON text and its flat fields. */
export type LogRecord = Record<string, string> & { record: string };

export type StreamEntry = [id: string, fields: string[]];

export const numberOf = (entry: StreamEntry) => Number.parseInt(entry[0], 10);

/** One partition's stream read newest first, a batch at a time. */
export class StreamCursor {
  private batch: StreamEntry[] = [];
  private at = 0;
  private end = '+';
  private exhausted = false;

  constructor(
    private readonly shared: SharedRedis,
    private readonly stream: string,
  ) {}

  /** The newest entry not yet taken; undefined once none is left. */
  async head(): Promise<StreamEntry | undefined> {
    if (this.at < this.batch.length || this.exhausted) return this.batch[this.at];
    this.batch = (await this.shared.commands.xrevrange(
      this.stream,
      this.end,
      '-',
      'COUNT',
      READ_BATCH,
    )) as StreamEntry[];
    this.at = 0;
    const last = this.batch.at(-1);
    if (last === undefined || this.batch.length < READ_BATCH) this.exhausted = true;
    else this.end = `(${last[0]}`;
    return this.batch[0];
  }

  take(): void {
    this.at++;
  }
}

export function recordOf([, flat]: StreamEntry): LogRecord {
  const record: Record<string, string> = {};
  for (let i = 0; i + 1 < flat.length; i += 2) record[flat[i] as string] = flat[i + 1] as string;
  return record as LogRecord;
}
