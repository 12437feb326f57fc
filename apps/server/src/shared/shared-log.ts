/**
 * A log of records every instance appends to and reads, capped at `max` records (the journal of
 * platform requests): a Redis stream trimmed to exactly `max` on every append, so Redis holds what
 * one instance's journal would and no more. Appending is one script that numbers the record
 * across instances, adds it and publishes it, so followers of any instance see every instance's
 * records in the order they were numbered; an instance subscribes only while it has followers.
 *
 * A record is its JSON text (the number written in as `id` by the script) and a few flat fields a
 * reader filters on without parsing it. Appends never wait in memory without bound: while more
 * than MAX_PENDING are unanswered, or Redis cannot be reached, records are dropped and counted.
 */
import type { SharedRedis } from './shared-redis.js';

const MAX_PENDING = 1000;
const READ_BATCH = 200;

// KEYS: the stream, the number of the last record, the channel.
const APPEND = `
local id = redis.call('INCR', KEYS[2])
local record = '{"id":' .. id .. ',' .. ARGV[2]
redis.call('XADD', KEYS[1], 'MAXLEN', ARGV[1], '*', 'record', record, unpack(ARGV, 3))
redis.call('PUBLISH', KEYS[3], record)
return id`;

const CLEAR = `
local removed = redis.call('XLEN', KEYS[1])
redis.call('DEL', KEYS[1], KEYS[2])
return removed`;

// ARGV: a field and the value whose records go. Read in batches, so the script never holds the
// whole log at once; numbers go on.
const REMOVE = `
local removed = 0
local start = '-'
while true do
  local batch = redis.call('XRANGE', KEYS[1], start, '+', 'COUNT', ${READ_BATCH})
  for _, entry in ipairs(batch) do
    local fields = entry[2]
    for i = 1, #fields, 2 do
      if fields[i] == ARGV[1] then
        if fields[i + 1] == ARGV[2] then
          redis.call('XDEL', KEYS[1], entry[1])
          removed = removed + 1
        end
        break
      end
    end
  end
  if #batch < ${READ_BATCH} then return removed end
  start = '(' .. batch[#batch][1]
end`;

/** A stored record: its JSON text and its flat fields. */
export type LogRecord = Record<string, string> & { record: string };

export class SharedLog {
  private readonly keys: [string, string, string];
  private readonly append: (...args: (string | number)[]) => Promise<number>;
  private readonly clearLog: (...args: (string | number)[]) => Promise<number>;
  private readonly removeRecords: (...args: (string | number)[]) => Promise<number>;
  private readonly listeners = new Set<(record: string) => void>();
  private pending = 0;
  /** Records dropped since the last one that was kept. */
  private dropped = 0;

  constructor(
    private readonly shared: SharedRedis,
    private readonly name: string,
    private readonly max: number,
    private readonly warn: (message: string) => void,
  ) {
    this.keys = [shared.key(`${name}:log`), shared.key(`${name}:last-id`), shared.key(name)];
    this.append = shared.script<number>('assistantLogAppend', 3, APPEND);
    this.clearLog = shared.script<number>('assistantLogClear', 3, CLEAR);
    this.removeRecords = shared.script<number>('assistantLogRemove', 3, REMOVE);
  }

  /** Appends a record: `json` is its JSON text without an `id`, `fields` what readers filter on. */
  add(json: string, fields: Record<string, string>): void {
    if (this.pending >= MAX_PENDING || !this.shared.isUp()) {
      if (this.dropped++ === 0)
        this.warn(
          `Redis does not keep up or cannot be reached: ${this.name} records are dropped until it does`,
        );
      return;
    }
    this.pending++;
    const flat = Object.entries(fields).flat();
    this.append(...this.keys, this.max, json.slice(1), ...flat).then(
      () => {
        this.pending--;
        this.dropped = 0;
      },
      () => {
        this.pending--;
        this.dropped++;
      },
    );
  }

  /** Calls `visit` with each record, newest first, until it answers false. */
  async each(visit: (record: LogRecord) => boolean): Promise<void> {
    let end = '+';
    for (;;) {
      const batch = await this.shared.commands.xrevrange(this.keys[0], end, '-', 'COUNT', READ_BATCH);
      for (const [, flat] of batch) {
        const record: Record<string, string> = {};
        for (let i = 0; i + 1 < flat.length; i += 2) record[flat[i] as string] = flat[i + 1] as string;
        if (!visit(record as LogRecord)) return;
      }
      const last = batch.at(-1);
      if (last === undefined || batch.length < READ_BATCH) return;
      end = `(${last[0]}`;
    }
  }

  /** How many records the log holds. */
  size(): Promise<number> {
    return this.shared.commands.xlen(this.keys[0]);
  }

  /** Empties the log; numbers start from 1 again. Answers how many records it held. */
  async clear(): Promise<number> {
    return this.clearLog(...this.keys);
  }

  /** Removes the records whose `field` is `value` (one account's); answers how many. */
  async remove(field: string, value: string): Promise<number> {
    return this.removeRecords(...this.keys, field, value);
  }

  /** Calls `listener` with the JSON text of every record appended from now on, by any instance. */
  follow(listener: (record: string) => void): () => void {
    this.listeners.add(listener);
    if (this.listeners.size === 1)
      void this.shared
        .subscribe(this.name, (record) => {
          for (const each of this.listeners) each(record);
        })
        .catch(() => undefined);
    return () => {
      if (!this.listeners.delete(listener) || this.listeners.size > 0) return;
      void this.shared.unsubscribe(this.name).catch(() => undefined);
    };
  }
}
