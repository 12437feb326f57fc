/**
 * A log of records every instance appends to and reads, kept per partition (the journal of
 * platform requests: one per account), so one partition's records never push another's out. Each
 * partition is a Redis stream trimmed to `perPartition` records on every append; all of them
 * together hold at most `total`, and an append past that drops the oldest record of the partition
 * holding the most before it (the appending one on a tie): Redis holds what one instance's journal would
 * and no more. Appending is one script that numbers the record across instances (the number is
 * also its stream id, so readers merge the partitions in order), adds it and publishes it, so
 * followers of any instance see every instance's records in the order they were numbered; an
 * instance subscribes only while it has followers.
 *
 * A record is its JSON text (the number written in as `id` by the script) and a few flat fields a
 * reader filters on without parsing it. Appends never wait in memory without bound: while more
 * than MAX_PENDING are unanswered, or Redis cannot be reached, records are dropped and counted.
 * The scripts name the partitions' streams from a prefix: the deployment's Redis is one server,
 * not a cluster.
 */
import type { SharedRedis } from './shared-redis.js';
import { type LogRecord, numberOf, recordOf, StreamCursor } from './stream-cursor.js';

export type { LogRecord } from './stream-cursor.js';

const MAX_PENDING = 1000;

// KEYS: the number of the last record, the set of partitions, the count held, the channel.
// ARGV: the streams' prefix, the partition, the caps per partition and in all, the JSON text
// without its opening brace, then the flat fields.
const APPEND = `
local id = redis.call('INCR', KEYS[1])
local record = '{"id":' .. id .. ',' .. ARGV[5]
local stream = ARGV[1] .. ARGV[2]
local before = redis.call('XLEN', stream)
redis.call('XADD', stream, 'MAXLEN', ARGV[3], id .. '-0', 'record', record, unpack(ARGV, 6))
redis.call('SADD', KEYS[2], ARGV[2])
local held = redis.call('INCRBY', KEYS[3], redis.call('XLEN', stream) - before)
if held > tonumber(ARGV[4]) then
  local largest, most = stream, before
  for _, partition in ipairs(redis.call('SMEMBERS', KEYS[2])) do
    if partition ~= ARGV[2] then
      local length = redis.call('XLEN', ARGV[1] .. partition)
      if length > most then largest, most = ARGV[1] .. partition, length end
    end
  end
  if largest == stream then most = most + 1 end
  redis.call('XTRIM', largest, 'MAXLEN', most - 1)
  redis.call('DECR', KEYS[3])
end
redis.call('PUBLISH', KEYS[4], record)
return id`;

// KEYS: the number of the last record, the set of partitions, the count held. ARGV: the prefix.
const CLEAR = `
local removed = 0
for _, partition in ipairs(redis.call('SMEMBERS', KEYS[2])) do
  removed = removed + redis.call('XLEN', ARGV[1] .. partition)
  redis.call('DEL', ARGV[1] .. partition)
end
redis.call('DEL', KEYS[1], KEYS[2], KEYS[3])
return removed`;

// KEYS: the set of partitions, the count held. ARGV: the prefix, the partition whose records go.
const REMOVE = `
local stream = ARGV[1] .. ARGV[2]
local removed = redis.call('XLEN', stream)
redis.call('DEL', stream)
redis.call('SREM', KEYS[1], ARGV[2])
redis.call('DECRBY', KEYS[2], removed)
return removed`;

export class SharedLog {
  /** The number of the last record, the set of partitions, the count held, the channel. */
  private readonly keys: [string, string, string, string];
  /** What a partition's stream key starts with. */
  private readonly streams: string;
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
    private readonly caps: { perPartition: number; total: number },
    private readonly warn: (message: string) => void,
  ) {
    this.keys = [
      shared.key(`${name}:last-id`),
      shared.key(`${name}:partitions`),
      shared.key(`${name}:held`),
      shared.key(name),
    ];
    this.streams = shared.key(`${name}:log:`);
    this.append = shared.script<number>('assistantPartitionedLogAppend', 4, APPEND);
    this.clearLog = shared.script<number>('assistantPartitionedLogClear', 3, CLEAR);
    this.removeRecords = shared.script<number>('assistantPartitionedLogRemove', 2, REMOVE);
  }

  /**
   * Appends a record to `partition`: `json` is its JSON text without an `id`, `fields` what readers
   * filter on.
   */
  add(partition: string, json: string, fields: Record<string, string>): void {
    if (this.pending >= MAX_PENDING || !this.shared.isUp()) {
      if (this.dropped++ === 0)
        this.warn(
          `Redis does not keep up or cannot be reached: ${this.name} records are dropped until it does`,
        );
      return;
    }
    this.pending++;
    const flat = Object.entries(fields).flat();
    const { perPartition, total } = this.caps;
    this.append(...this.keys, this.streams, partition, perPartition, total, json.slice(1), ...flat).then(
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

  /**
   * Calls `visit` with each record of `partition` (`'all'`: of every one, merged), newest first,
   * until it answers false.
   */
  async each(partition: string | 'all', visit: (record: LogRecord) => boolean): Promise<void> {
    const partitions = partition === 'all' ? await this.shared.commands.smembers(this.keys[1]) : [partition];
    const cursors = partitions.map((each) => new StreamCursor(this.shared, this.streams + each));
    for (;;) {
      const heads = await Promise.all(cursors.map((cursor) => cursor.head()));
      let newest = -1;
      heads.forEach((head, i) => {
        const best = newest < 0 ? undefined : heads[newest];
        if (head !== undefined && (best === undefined || numberOf(head) > numberOf(best))) newest = i;
      });
      const head = heads[newest];
      if (head === undefined) return;
      (cursors[newest] as StreamCursor).take();
      if (!visit(recordOf(head))) return;
    }
  }

  /** How many records the log holds. */
  async size(): Promise<number> {
    return Number((await this.shared.commands.get(this.keys[2])) ?? 0);
  }

  /** Empties the log; numbers start from 1 again. Answers how many records it held. */
  async clear(): Promise<number> {
    return this.clearLog(this.keys[0], this.keys[1], this.keys[2], this.streams);
  }

  /** Removes `partition`'s records (one account's); answers how many. */
  async remove(partition: string): Promise<number> {
    return this.removeRecords(this.keys[1], this.keys[2], this.streams, partition);
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
